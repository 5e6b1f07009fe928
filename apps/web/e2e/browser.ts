/**
 * The end-to-end suite's browser: Debian's Chromium through playwright-core, one context per test,
 * with the checks every journey shares — no uncaught page error, no failed request the journey did
 * not provoke, zero axe violations on each page it visits — and, when a test fails, its screenshot
 * and trace under test-results/e2e/.
 */
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject, test as base } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS } from '../../../scripts/chromium.mjs';
import { E2E_RESULTS } from './globalSetup.ts';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type Language = 'fa' | 'en';

export interface JourneyOptions {
  language?: Language;
  /** A phone: 375 × 740, touch. */
  mobile?: boolean;
  /** Leave the cookie banner up (a first visit); by default consent was given earlier. */
  firstVisit?: boolean;
  /** Without JavaScript: the prerendered pages as they come. */
  javaScript?: boolean;
}

export interface Journey {
  page: Page;
  context: BrowserContext;
  baseURL: string;
  /** Accept failed requests or error answers matching this (the journey provokes them). */
  allow(pattern: RegExp): void;
  /** Runs axe-core on the current page: zero violations. */
  axe(label?: string): Promise<void>;
  /**
   * Opens a page as a visitor who only reads it: no pointer, no touch, no key. Returns once it has
   * loaded and painted; its app has not started (src/boot.ts).
   */
  read(path: string): Promise<void>;
  /** What went wrong in the page so far (checked when the test ends). */
  problems: string[];
}

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
});
afterAll(async () => {
  await browser?.close();
});

function slug(text: string): string {
  return text
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
}

export async function openJourney(
  name: string,
  options: JourneyOptions = {},
): Promise<Journey & { close(failed: boolean): Promise<void> }> {
  const baseURL = inject('baseURL');
  const context = await browser.newContext({
    baseURL,
    viewport: options.mobile ? { width: 375, height: 740 } : { width: 1280, height: 800 },
    isMobile: options.mobile ?? false,
    hasTouch: options.mobile ?? false,
    locale: 'en-US',
    permissions: ['clipboard-read', 'clipboard-write'],
    javaScriptEnabled: options.javaScript ?? true,
  });
  if (options.language === 'en') await context.addCookies([{ name: 'i18next', value: 'en', url: baseURL }]);
  if (!options.firstVisit) {
    await context.addInitScript(() => {
      if (!localStorage.getItem('separ-app-state')) {
        localStorage.setItem('separ-app-state', JSON.stringify({ cookiesAccepted: true }));
      }
    });
  }
  await context.tracing.start({ screenshots: true, snapshots: true });
  const page = await context.newPage();
  // A prerendered page is on the screen before its app is live, and its app starts when the visitor
  // shows they are there (src/boot.ts): a journey moves the pointer over the page, as a person
  // does, and acts once the app is live.
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const untilLive = async () => {
    if (options.javaScript === false) return;
    await page.mouse.move(1, 1);
    await page.waitForFunction(
      () => !document.getElementById('root') || document.documentElement.dataset.live === 'true',
    );
  };
  page.goto = async (...args) => {
    const response = await goto(...args);
    await untilLive();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await untilLive();
    return response;
  };
  const allowed: RegExp[] = [];
  const problems: string[] = [];
  const isAllowed = (text: string) => allowed.some((pattern) => pattern.test(text));
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  // The Content-Security-Policy must let the product work: a refusal is a failure.
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      problems.push(`CSP: ${message.text()}`);
    // A prerendered page the app could not take over as it was rendered.
    if (message.type() === 'error' && /did not hydrate/i.test(message.text()))
      problems.push(`hydration: ${message.text()}`);
  });
  page.on('requestfailed', (request) => {
    const text = `${request.method()} ${request.url()} failed: ${request.failure()?.errorText ?? ''}`;
    // A navigation away cancels what the page was still loading: not a failure of the product.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    // Without JavaScript the browser refuses the page's script preloads (it reports them as `csp`).
    if (options.javaScript === false && request.resourceType() === 'script') return;
    if (!isAllowed(text)) problems.push(text);
  });
  page.on('response', (response) => {
    if (response.status() < 400) return;
    const text = `${response.request().method()} ${response.url()} answered ${response.status()}`;
    if (!isAllowed(text)) problems.push(text);
  });
  return {
    page,
    context,
    baseURL,
    problems,
    allow: (pattern) => void allowed.push(pattern),
    async read(path) {
      await goto(path, { waitUntil: 'load' });
      await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    },
    async axe(label = page.url()) {
      // Evaluated through DevTools, which the page's CSP rightly does not let an inline script do.
      if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: {
              run(
                context: Document,
                options: object,
              ): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }>;
            };
          }
        ).axe;
        const result = await axe.run(document, { resultTypes: ['violations'] });
        return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
      });
      if (violations.length)
        throw new Error(`axe found ${violations.length} violation(s) on ${label}:\n${violations.join('\n')}`);
    },
    async close(failed) {
      const dir = join(E2E_RESULTS, slug(name));
      if (failed) {
        mkdirSync(dir, { recursive: true });
        await page.screenshot({ path: join(dir, 'failure.png'), fullPage: true }).catch(() => undefined);
        await context.tracing.stop({ path: join(dir, 'trace.zip') });
        console.error(
          `e2e failure artefacts: ${join(dir, 'failure.png')} and ${join(dir, 'trace.zip')} (npx playwright show-trace)`,
        );
      } else {
        await context.tracing.stop();
      }
      await context.close();
    },
  };
}

/**
 * `journey` is a test with a fresh browser context (`j`): it fails on any uncaught page error or
 * unexpected failed request, and leaves its artefacts when it fails.
 */
export function journeyTest(options: JourneyOptions = {}) {
  return base.extend<{ j: Journey }>({
    j: async ({ task, onTestFailed }, run) => {
      const journey = await openJourney(`${task.suite?.name ?? ''} ${task.name}`, options);
      let failed = false;
      onTestFailed(() => {
        failed = true;
      });
      try {
        await run(journey);
      } catch (error) {
        failed = true;
        throw error;
      } finally {
        failed ||= task.result?.state === 'fail' || (task.result?.errors?.length ?? 0) > 0;
        await journey.close(failed || journey.problems.length > 0);
      }
      if (!failed && journey.problems.length)
        throw new Error(`Unexpected problems in the page:\n${journey.problems.join('\n')}`);
    },
  });
}

/** Saves a screenshot for the README and the record (test-results/e2e/screenshots). */
export async function keepScreenshot(page: Page, name: string) {
  const dir = join(E2E_RESULTS, 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

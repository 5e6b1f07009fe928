import { expect } from 'vitest';
import { page } from 'vitest/browser';
import type { StoryTestHooks } from './testHooks';

/**
 * Sets up a story test project in one language. The Vitest addon applies .storybook/preview itself;
 * this only chooses the language and gives the preview's hooks their browser steps: every story must
 * render, pass its play function and axe, and match its committed screenshot.
 */
export function setUpStoryTests(locale: 'fa' | 'en') {
  const hooks: StoryTestHooks = {
    locale,
    async screenshot(element, name) {
      await document.fonts.ready;
      // Chromium paints only the viewport: make it as tall as the story before the capture.
      const width = window.innerWidth;
      const height = window.innerHeight;
      const full = Math.ceil(Math.max(element.scrollHeight, element.getBoundingClientRect().height));
      if (full > height) await page.viewport(width, Math.min(full, 12_000));
      // Wait for the visible images (lazy ones start loading once the viewport holds them), 5 s at most.
      const images = [...element.querySelectorAll('img')].filter((img) => img.checkVisibility());
      const loaded = Promise.all(
        images.map((img) =>
          img.complete
            ? img.decode().catch(() => undefined)
            : new Promise((done) => {
                img.addEventListener('load', done, { once: true });
                img.addEventListener('error', done, { once: true });
              }),
        ),
      );
      await Promise.race([loaded, new Promise((done) => setTimeout(done, 5000))]);
      await expect.element(page.elementLocator(element)).toMatchScreenshot(name);
      if (full > height) await page.viewport(width, height);
      window.scrollTo(0, 0);
    },
    async viewport(width, height) {
      await page.viewport(width, height);
    },
  };
  globalThis.__separStoryTest = hooks;

  // Screenshots must be stable: no animation, transition or blinking caret.
  const still = document.createElement('style');
  still.textContent =
    '*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; }';
  document.head.append(still);
}

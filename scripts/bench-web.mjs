#!/usr/bin/env node
/**
 * `npm run bench:web` (performance issue §3): Lighthouse from npm in Debian's Chromium, the mobile
 * profile (simulated slow 4G and a 4× slower CPU), the median of 3 runs per page, for every public
 * page in Persian and English, against the product started as the README does (`npm start`).
 * Prints a table and writes it into docs/BENCHMARKS.md.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';

const ROOT = join(import.meta.dirname, '..');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PAGES = (
  process.env.LIGHTHOUSE_PAGES ??
  '/,/buy,/download,/install,/support,/free,/login,/privacy-policy,/terms-of-use,/cookies'
).split(',');

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function startProduct() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'separ-bench-web-'));
  const { NODE_ENV: _ignored, ...env } = process.env;
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', SEPAR_DATA_DIR: dataDir, SEPAR_LOG_LEVEL: 'warn' },
    detached: true,
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // still building or starting
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    base,
    stop() {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // gone
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function audit(url, port, attempt = 1) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  // A run Lighthouse itself reports as failed (NO_NAVSTART now and then on a fresh browser) measured
  // nothing: it is run again, not counted as a score of 0.
  if (result.lhr.runtimeError || result.lhr.categories.performance.score === null) {
    if (attempt >= 3) throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError?.code ?? 'no score'}`);
    return audit(url, port, attempt + 1);
  }
  const { categories: scores, audits } = result.lhr;
  const scripts = audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'script');
  return {
    performance: Math.round(scores.performance.score * 100),
    accessibility: Math.round(scores.accessibility.score * 100),
    bestPractices: Math.round(scores['best-practices'].score * 100),
    seo: Math.round(scores.seo.score * 100),
    lcp: audits['largest-contentful-paint'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    js: scripts?.transferSize ?? 0,
  };
}

async function main() {
  const product = await startProduct();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROMIUM_ARGS,
  });
  const rows = [];
  try {
    for (const lang of ['fa', 'en']) {
      for (const page of PAGES) {
        const url = `${product.base}${page}${lang === 'en' ? '?lng=en' : ''}`;
        const runs = [];
        for (let i = 0; i < RUNS; i++) runs.push(await audit(url, chrome.port));
        const pick = (key) => median(runs.map((run) => run[key]));
        const row = {
          page,
          lang,
          performance: pick('performance'),
          accessibility: pick('accessibility'),
          bestPractices: pick('bestPractices'),
          seo: pick('seo'),
          lcp: pick('lcp'),
          tbt: pick('tbt'),
          cls: pick('cls'),
          js: pick('js'),
        };
        rows.push(row);
        console.log(JSON.stringify(row));
      }
    }
  } finally {
    await chrome.kill();
    product.stop();
  }
  const lines = [
    '| page | lang | performance | accessibility | best practices | SEO | LCP (s) | TBT (ms) | CLS | JS (KB transferred) |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| \`${r.page}\` | ${r.lang} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${(r.lcp / 1000).toFixed(2)} | ${Math.round(r.tbt)} | ${r.cls.toFixed(3)} | ${Math.round(r.js / 1024)} |`,
    ),
  ];
  const table = lines.join('\n');
  console.log(table);
  const stamp = `Measured ${new Date().toISOString().slice(0, 10)}: Lighthouse ${lighthouseVersion()} (mobile profile, simulated throttling), median of ${RUNS} runs per page, Debian's Chromium, against \`npm start\` on this machine.`;
  const file = join(ROOT, 'docs', 'BENCHMARKS.md');
  const start = '<!-- bench:web:start -->';
  const end = '<!-- bench:web:end -->';
  let doc = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  if (!doc.includes(start)) doc += `\n## Web (Lighthouse)\n\n${start}\n${end}\n`;
  doc = doc.replace(new RegExp(`${start}[\\s\\S]*?${end}`), `${start}\n${stamp}\n\n${table}\n${end}`);
  writeFileSync(file, doc);
  // The document stays in the repository's format (npm run lint checks it).
  spawnSync(join(ROOT, 'node_modules', '.bin', 'prettier'), ['--write', file], { stdio: 'ignore' });
  console.log(`written to ${file}`);
}

function lighthouseVersion() {
  return JSON.parse(readFileSync(join(ROOT, 'node_modules', 'lighthouse', 'package.json'), 'utf8')).version;
}

await main();

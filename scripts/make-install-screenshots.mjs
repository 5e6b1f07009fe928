#!/usr/bin/env node
/**
 * Renders the install guide's step screenshots (apps/web/public/assets/images/{platform}/{file})
 * as mock app screens in Debian's Chromium. Run again after changing the steps:
 *   node scripts/make-install-screenshots.mjs
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'apps/web/public/assets/images');

const SHOTS = [
  {
    platform: 'android',
    file: 'step1.png',
    title: 'Download',
    body: button('Download for Android') + note('separ-android.apk'),
  },
  {
    platform: 'android',
    file: 'step3.png',
    title: 'Log in',
    body: field('Username', 'sp482913') + field('Password', '••••••••') + button('Log in'),
  },
  { platform: 'android', file: 'step5.png', title: 'Connected', body: power(true) + note('Germany 1 · 42 ms') },
  {
    platform: 'windows',
    file: 'step1.png',
    title: 'Setup',
    body: button('Download for Windows') + note('separ-windows-setup.exe'),
  },
  {
    platform: 'windows',
    file: 'step3.png',
    title: 'Log in',
    body: field('Username', 'sp482913') + field('Password', '••••••••') + button('Log in'),
  },
  {
    platform: 'ios',
    file: 'step2.png',
    title: 'My servers',
    body: server('Germany 1', 'V2Ray') + server('Netherlands 1', 'V2Ray') + button('Copy links'),
  },
  {
    platform: 'ios',
    file: 'step4.jpg',
    title: 'Import',
    body: note('Import from clipboard') + server('Germany 1', 'imported') + button('Connect'),
  },
];

function field(label, value) {
  return `<label>${label}<span class="input">${value}</span></label>`;
}
function button(text) {
  return `<div class="button">${text}</div>`;
}
function note(text) {
  return `<p class="note">${text}</p>`;
}
function server(name, tag) {
  return `<div class="server"><b>${name}</b><i>${tag}</i></div>`;
}
function power(on) {
  const icon =
    '<svg width="96" height="96" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"><path d="M12 3v8"/><path d="M6.3 6.8a8 8 0 1011.4 0"/></svg>';
  return `<div class="power ${on ? 'on' : ''}">${icon}</div>`;
}

const page = (shot) => `<!doctype html><html><head><style>
  body { margin: 0; font-family: 'DejaVu Sans', Arial, sans-serif; background: #0b1b3a; }
  .phone { width: 400px; height: 800px; margin: 20px; border-radius: 36px; background: #f5f7fb; overflow: hidden; box-shadow: 0 0 0 10px #1e293b; }
  .bar { background: #0b1b3a; color: #fff; padding: 40px 24px 20px; font-size: 26px; font-weight: bold; }
  .bar small { display: block; color: #5eead4; font-size: 16px; font-weight: normal; }
  .content { padding: 28px 24px; display: grid; gap: 20px; }
  label { display: grid; gap: 8px; color: #475569; font-size: 18px; }
  .input { background: #fff; border: 2px solid #dbe3ee; border-radius: 12px; padding: 14px; color: #0f172a; }
  .button { background: #1d4ed8; color: #fff; text-align: center; border-radius: 12px; padding: 18px; font-size: 20px; font-weight: bold; }
  .note { color: #475569; font-size: 18px; text-align: center; margin: 0; }
  .server { display: flex; justify-content: space-between; background: #fff; border: 2px solid #dbe3ee; border-radius: 12px; padding: 16px; font-size: 18px; }
  .server i { color: #0f766e; font-style: normal; }
  .power { margin: 60px auto 20px; width: 200px; height: 200px; border-radius: 50%; display: grid; place-items: center; font-size: 90px; background: #e2e8f0; color: #475569; }
  .power.on { background: #0f766e; color: #fff; box-shadow: 0 0 0 16px #ccfbf1; }
</style></head><body><div class="phone"><div class="bar"><small>Separ</small>${shot.title}</div><div class="content">${shot.body}</div></div></body></html>`;

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const tab = await browser.newPage({ viewport: { width: 440, height: 840 } });
for (const shot of SHOTS) {
  const file = join(out, shot.platform, shot.file);
  mkdirSync(dirname(file), { recursive: true });
  await tab.setContent(page(shot));
  await tab.screenshot({
    path: file,
    type: shot.file.endsWith('.jpg') ? 'jpeg' : 'png',
    quality: shot.file.endsWith('.jpg') ? 80 : undefined,
  });
  console.log(`wrote ${file}`);
}
await browser.close();

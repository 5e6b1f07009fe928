/**
 * Debian's Chromium, started as this machine requires (never a downloaded browser): one place for
 * the story tests, the end-to-end suite, the Lighthouse benchmark and the screenshot script.
 */
export const CHROMIUM = process.env.SEPAR_CHROMIUM ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Stable pixels for the screenshot comparisons.
  '--font-render-hinting=none',
  '--force-color-profile=srgb',
];

import { expect } from 'vitest';
import { page } from 'vitest/browser';
import type { StoryTestHooks } from './testHooks';

/**
 * Holds every minimum and maximum height in the story at its current pixels (inline, important) and
 * returns what puts them back: a taller viewport then changes nothing but what is painted.
 */
function pinViewportHeights(root: HTMLElement): () => void {
  const restore: Array<() => void> = [];
  for (const element of [root, ...root.querySelectorAll<HTMLElement>('*')]) {
    const style = getComputedStyle(element);
    for (const property of ['min-height', 'max-height'] as const) {
      const value = style.getPropertyValue(property);
      if (value === 'none' || value === 'auto' || value === '0px') continue;
      const before = element.style.getPropertyValue(property);
      const priority = element.style.getPropertyPriority(property);
      element.style.setProperty(property, value, 'important');
      restore.push(() => element.style.setProperty(property, before, priority));
    }
  }
  return () => restore.forEach((undo) => undo());
}

/**
 * Sets up a story test project in one language. The Vitest addon applies .storybook/preview itself;
 * this only chooses the language and gives the preview's hooks their browser steps: every story must
 * render, pass its play function and axe, and match its committed screenshot.
 */
export function setUpStoryTests(locale: 'fa' | 'en') {
  const hooks: StoryTestHooks = {
    locale,
    async screenshot(element, name) {
      // What the play function changed last is laid out first: a font face it needs (a weight, an
      // error text's glyphs) starts loading only then, and document.fonts.ready waits for it. Then
      // every finite animation (a dialog's opening) is let finish, and two frames painted.
      void element.getBoundingClientRect();
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      await document.fonts.ready;
      await Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      );
      // Chromium paints only the viewport: make it as tall as the story before the capture. What is
      // sized in viewport units (the shell's main and the catalogue's loading area, 60vh) would then
      // grow with it, and the story's end — its footer — fell below the new viewport, white: the
      // heights are pinned as the story's own viewport gave them while the capture runs.
      const width = window.innerWidth;
      const height = window.innerHeight;
      const full = Math.ceil(Math.max(element.scrollHeight, element.getBoundingClientRect().height));
      const unpin = full > height ? pinViewportHeights(element) : () => undefined;
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
      try {
        await expect.element(page.elementLocator(element)).toMatchScreenshot(name);
      } finally {
        unpin();
        if (full > height) await page.viewport(width, height);
      }
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

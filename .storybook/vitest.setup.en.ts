import { expect } from 'vitest';
import { page } from 'vitest/browser';
import type { StoryTestHooks } from './testHooks';

/**
 * The story tests in English. The Vitest addon applies .storybook/preview itself;
 * this file only chooses the language and gives the preview's afterEach its screenshot step: every
 * story must render, pass its play function and axe, and match its committed screenshot.
 */
const hooks: StoryTestHooks = {
  locale: 'en',
  async screenshot(element, name) {
    await document.fonts.ready;
    await expect.element(page.elementLocator(element)).toMatchScreenshot(name);
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

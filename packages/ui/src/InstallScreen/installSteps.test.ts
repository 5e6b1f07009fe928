import { describe, expect, it } from 'vitest';
import { INSTALL_STEPS, isScreenshotName } from './installSteps';

describe('install screenshots', () => {
  it('shows only .png and .jpg names', () => {
    expect(isScreenshotName('step1.png')).toBe(true);
    expect(isScreenshotName('step1.JPG')).toBe(true);
    expect(isScreenshotName('step1.png?v=2')).toBe(true);
    expect(isScreenshotName('step1.gif')).toBe(false);
    expect(isScreenshotName('step1.webp')).toBe(false);
    expect(isScreenshotName(undefined)).toBe(false);
  });

  it('numbers every platform from step 1 with a text for each', () => {
    for (const steps of Object.values(INSTALL_STEPS)) expect(steps.map((s) => s.step)).toEqual([1, 2, 3, 4, 5]);
  });
});

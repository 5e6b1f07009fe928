/** The screenshot of each install step, under /assets/images/{platform}/{file}; undefined when a step has none. */
export const INSTALL_PLATFORMS = ['android', 'windows', 'ios'] as const;
export type InstallPlatform = (typeof INSTALL_PLATFORMS)[number];

export const INSTALL_STEPS: Record<InstallPlatform, Array<{ step: number; image?: string }>> = {
  android: [
    { step: 1, image: 'step1.png' },
    { step: 2 },
    { step: 3, image: 'step3.png' },
    { step: 4 },
    { step: 5, image: 'step5.png' },
  ],
  windows: [{ step: 1, image: 'step1.png' }, { step: 2 }, { step: 3, image: 'step3.png' }, { step: 4 }, { step: 5 }],
  ios: [{ step: 1 }, { step: 2, image: 'step2.png' }, { step: 3 }, { step: 4, image: 'step4.jpg' }, { step: 5 }],
};

/** Only .png and .jpg names are shown as screenshots (SPEC §2). */
export function isScreenshotName(file: string | undefined): file is string {
  return typeof file === 'string' && /\.(png|jpg)/i.test(file);
}

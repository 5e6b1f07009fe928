/** What a story test project hands the preview: its language and how to take a screenshot. */
export interface StoryTestHooks {
  locale: 'fa' | 'en';
  screenshot(element: HTMLElement, name: string): Promise<void>;
  /** Resizes the page: stories with `parameters.mobile` render at 375 px, the others at 1280 px. */
  viewport(width: number, height: number): Promise<void>;
}

declare global {
  var __separStoryTest: StoryTestHooks | undefined;
}

/** The hooks of the running story test project, or undefined in Storybook itself. */
export function storyTestHooks(): StoryTestHooks | undefined {
  return globalThis.__separStoryTest;
}

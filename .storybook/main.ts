import type { StorybookConfig } from '@storybook/react-vite';

/** Storybook of @separ/ui: every widget and screen, each state a story, in Persian and English. */
const config: StorybookConfig = {
  stories: ['../packages/ui/src/**/*.mdx', '../packages/ui/src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  staticDirs: [{ from: '../apps/web/public', to: '/' }],
  core: { disableTelemetry: true },
  viteFinal: async (viteConfig) => ({
    ...viteConfig,
    resolve: {
      ...viteConfig.resolve,
      conditions: ['@separ/source', 'module', 'browser', 'development|production'],
    },
  }),
};

export default config;

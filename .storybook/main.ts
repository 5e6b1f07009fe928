import type { StorybookConfig } from '@storybook/react-vite';

/** Storybook of @separ/ui: every widget and screen, each state a story (see packages/ui). */
const config: StorybookConfig = {
  stories: ['../packages/ui/src/**/*.mdx', '../packages/ui/src/**/*.stories.@(ts|tsx)'],
  addons: [],
  framework: { name: '@storybook/react-vite', options: {} },
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

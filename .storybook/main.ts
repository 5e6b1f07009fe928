import type { StorybookConfig } from '@storybook/react-vite';

/** Storybook of @separ/ui (every widget and screen, each state a story) and of the web app's pages, in Persian and English. */
const config: StorybookConfig = {
  stories: [
    '../packages/ui/src/**/*.mdx',
    '../packages/ui/src/**/*.stories.@(ts|tsx)',
    // The web app's pages on the MSW handlers of @separ/api.
    '../apps/web/src/**/*.stories.@(ts|tsx)',
  ],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  staticDirs: [{ from: '../apps/web/public', to: '/' }],
  core: { disableTelemetry: true },
  viteFinal: async (viteConfig) => ({
    ...viteConfig,
    // Pre-bundled from the start, so that a first run never reloads the page to add one of them.
    optimizeDeps: {
      ...viteConfig.optimizeDeps,
      include: [
        ...(viteConfig.optimizeDeps?.include ?? []),
        'msw',
        'msw/browser',
        'msw-storybook-addon/csf3',
        'react-router-dom',
        'react-redux',
        '@reduxjs/toolkit',
        '@reduxjs/toolkit/query/react',
        // The admin console's charts (@separ/ui).
        'recharts',
      ],
    },
    resolve: {
      ...viteConfig.resolve,
      conditions: ['@separ/source', 'module', 'browser', 'development|production'],
    },
  }),
};

export default config;

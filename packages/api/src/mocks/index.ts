/** @separ/api/mocks — the backend as MSW handlers, shared by Storybook, tests and the web app's mock mode. */
export * from './fixtures.ts';
export * from './handlers.ts';
export * from '@separ/domain/demo';
export * from './adminHandlers.ts';

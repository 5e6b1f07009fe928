import { useState } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createStore } from '../app/store.ts';
import { FixedNowContext, FixedYearContext } from '../prerender/data.ts';
import { routes } from '../routes.tsx';

const memory = () => {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
};

/** The footer's year in every story (the ui package's stories pass the same to the Footer). */
const STORY_YEAR = 2026;
/** The time the pages count days left from, in every story (the mock account expires on 2027-01-15). */
const STORY_NOW = new Date('2026-11-24T09:00:00.000Z');

/**
 * The real site — route containers, store and RTK Query — at one path, its backend answered by the
 * MSW handlers of the story (`parameters.msw`). For designers: a page's states as the app reaches them.
 */
export function SiteStory({ path }: { path: string }) {
  const [store] = useState(() => createStore({ storage: memory(), app: { cookiesAccepted: true } }));
  const [router] = useState(() => createMemoryRouter(routes, { initialEntries: [path] }));
  return (
    <FixedYearContext value={STORY_YEAR}>
      <FixedNowContext value={STORY_NOW}>
        <Provider store={store}>
          <RouterProvider router={router} />
        </Provider>
      </FixedNowContext>
    </FixedYearContext>
  );
}

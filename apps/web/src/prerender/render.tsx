/**
 * The prerender's entry (built with `vite build --ssr`, run by scripts/prerender.mjs): one public
 * page in one language, rendered by the same routes, store and translations as the browser uses,
 * with styled-components' server-side style sheet.
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import type { Resource, ResourceLanguage } from 'i18next';
import type { Language } from '@separ/domain';
import { createTheme, GLOBAL_STYLE_ID, globalCss } from '@separ/ui';
import { AppProviders } from '../App.tsx';
import { createStore } from '../app/store.ts';
import { createI18n } from '../i18n.ts';
import { routes } from '../routes.tsx';
import type { PrerenderData } from './data.ts';

export { PRERENDERED_PATHS, serializePrerenderData } from './data.ts';
export { directionOf, LANGUAGES, PRERENDER_DATA_ID, prerenderedFile } from '@separ/domain';

const files = import.meta.glob<ResourceLanguage[string]>('../../../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** Every translation file of the repository's `locales/`. */
function allResources(): Resource {
  const resources: Resource = {};
  for (const [file, content] of Object.entries(files)) {
    const match = /\/locales\/([a-z]{2})\/([a-z]+)\.json$/.exec(file);
    if (!match) continue;
    (resources[match[1]!] ??= {})[match[2]!] = content;
  }
  return resources;
}

export interface RenderedPage {
  /** The markup of `#root`. */
  html: string;
  /** The global style and styled-components' `<style>` element, both carrying `nonce`. */
  styles: string;
  data: PrerenderData;
}

export async function renderPage(path: string, language: Language, nonce: string): Promise<RenderedPage> {
  const resources = allResources();
  const i18n = await createI18n({ resources, lng: language });
  const store = createStore({});
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.local')));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} instead of a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const sheet = new ServerStyleSheet({ nonce });
  try {
    const html = renderToString(
      sheet.collectStyles(
        <AppProviders store={store} i18n={i18n}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>,
      ),
    );
    // The prerendered page is always light (a visitor who chose dark gets the app drawn afresh).
    const global = `<style id="${GLOBAL_STYLE_ID}" nonce="${nonce}">${globalCss(createTheme(language))}</style>`;
    const styles = global + sheet.getStyleTags();
    const used = i18n.reportNamespaces?.getUsedNamespaces() ?? [];
    const own = resources[language] ?? {};
    const data: PrerenderData = {
      path,
      language,
      year: new Date().getFullYear(),
      namespaces: used.filter((ns) => ns in own),
    };
    return { html, styles, data };
  } finally {
    sheet.seal();
  }
}

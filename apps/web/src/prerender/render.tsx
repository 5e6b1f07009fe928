/**
 * The prerender's entry (built with `vite build --ssr`, run by scripts/prerender.mjs): one public
 * page in one language, rendered by the same routes, store and translations as the browser uses,
 * with styled-components' server-side style sheet.
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import type { Resource, ResourceLanguage } from 'i18next';
import { directionOf, PAGE_DATA_ID, PRERENDER_DATA_ID, type Language, type PageData } from '@separ/domain';
import { createTheme, GLOBAL_STYLE_ID, globalCss } from '@separ/ui';
import { AppProviders } from '../App.tsx';
import { createStore } from '../app/store.ts';
import { createI18n } from '../i18n.ts';
import { routes } from '../routes.tsx';
import { serializePrerenderData, type PrerenderData } from './data.ts';
import { seedPageData, serializePageData } from './pageData.ts';

export { PRERENDERED_PATHS, serializePrerenderData } from './data.ts';
export { DATA_PAGES } from './pageData.ts';
export { APP_CODE_ID, directionOf, LANGUAGES, PRERENDER_DATA_ID, prerenderedFile } from '@separ/domain';

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

/**
 * One page in one language. With `pageData` (the server, issue 28 §1), the page is drawn with the
 * plans and app links it holds, as the browser's store will have them when it hydrates the page.
 */
export async function renderPage(
  path: string,
  language: Language,
  nonce: string,
  pageData?: PageData,
): Promise<RenderedPage> {
  const resources = allResources();
  const i18n = await createI18n({ resources, lng: language });
  const store = createStore({});
  seedPageData(store, pageData ?? null);
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

/** Where {@link pageDocument} puts a page's own styles and its markup in a language's template. */
export const STYLES_MARK = '<!--separ-styles-->';
export const ROOT_MARK = '<!--separ-root-->';

/**
 * A language's template: the browser build's `index.html` in that language and direction, with what
 * the build puts in every page's head (`head`: the font faces and preloads), and marks where each
 * page's styles and markup go. scripts/prerender.mjs writes one per language; the server fills it
 * with the pages it draws with data, so that both make the same document.
 */
export function languageTemplate(indexHtml: string, language: Language, head: string): string {
  const dir = directionOf(language);
  return indexHtml
    .replace(/<html lang="[^"]*" dir="[^"]*">/, `<html lang="${language}" dir="${dir}">`)
    .replace(/<body class="[^"]*">/, `<body class="${dir}">`)
    .replace('</head>', `${head}${STYLES_MARK}</head>`)
    .replace('<div id="root"></div>', ROOT_MARK);
}

/** A rendered page in its language's template, with the data it was drawn with (if any). */
export function pageDocument(template: string, page: RenderedPage, pageData?: PageData): string {
  const blocks =
    `<script type="application/json" id="${PRERENDER_DATA_ID}">${serializePrerenderData(page.data)}</script>` +
    (pageData ? `<script type="application/json" id="${PAGE_DATA_ID}">${serializePageData(pageData)}</script>` : '');
  // Functions as replacements: a `$` in the page is text, not a pattern.
  return template
    .replace(STYLES_MARK, () => page.styles)
    .replace(ROOT_MARK, () => `<div id="root">${page.html}</div>${blocks}`);
}

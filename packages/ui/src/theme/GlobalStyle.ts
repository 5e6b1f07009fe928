import { useInsertionEffect } from 'react';
import { useTheme } from 'styled-components';
import type { SeparTheme } from './theme';

/** The id of the page's one global `<style>` element (the prerender writes it, the provider keeps it). */
export const GLOBAL_STYLE_ID = 'separ-global';

/**
 * Base styles: font per language, calm defaults, visible focus, and the spec's print rule.
 *
 * Plain CSS, not styled-components: it has nothing to mirror for right-to-left, and
 * createGlobalStyle ran stylis and the RTL plugin over it again while a prerendered page hydrated
 * (about 60 ms of a 4× slower phone's main thread, docs/BENCHMARKS.md).
 */
export function globalCss(theme: Pick<SeparTheme, 'font' | 'colors'>): string {
  const { font, colors } = theme;
  return compact(`
/* Fallback faces sized like the web fonts, so that swapping them in does not move the layout. */
@font-face {
  font-family: 'Vazirmatn Fallback';
  src: local('Tahoma'), local('Arial');
  size-adjust: 104%;
  ascent-override: 98%;
  descent-override: 26%;
}
@font-face {
  font-family: 'Inter Fallback';
  src: local('Arial');
  size-adjust: 107%;
  ascent-override: 90%;
  descent-override: 22%;
  line-gap-override: 0%;
}
*, *::before, *::after { box-sizing: border-box; }
/* Component display rules must never reveal what the hidden attribute hides. */
[hidden] { display: none !important; }
html { -webkit-text-size-adjust: 100%; scroll-behavior: smooth; }
body {
  margin: 0;
  font-family: ${font};
  font-size: 16px;
  line-height: 1.7;
  color: ${colors.text};
  background: ${colors.bg};
  -webkit-font-smoothing: antialiased;
  text-rendering: optimizeLegibility;
}
h1, h2, h3, h4 { line-height: 1.3; margin: 0; }
p { margin: 0; }
img, svg { max-width: 100%; }
a { color: ${colors.primary}; }
button, input, select, textarea { font: inherit; }
:focus-visible { outline: 3px solid ${colors.focus}; outline-offset: 2px; }
@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; scroll-behavior: auto !important; }
}
@media print {
  .not-for-print { display: none !important; }
}
`);
}

/** Without comments and line breaks: the prerendered pages carry it in every response. */
const compact = (css: string) =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s*\n\s*/g, '')
    .trim();

/** The CSP nonce the server gave this page (styled-components reads the same element). */
function pageNonce(): string | undefined {
  const meta = document.head.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || meta?.content || undefined;
}

/**
 * Keeps the global `<style>` in the page's head, before styled-components' rules (which win a tie).
 * A prerendered page already has it, so hydration only compares a string.
 */
export function GlobalStyle() {
  const theme = useTheme() as SeparTheme;
  const css = globalCss(theme);
  useInsertionEffect(() => {
    let style = document.getElementById(GLOBAL_STYLE_ID);
    if (!style) {
      style = document.createElement('style');
      style.id = GLOBAL_STYLE_ID;
      const nonce = pageNonce();
      if (nonce) style.setAttribute('nonce', nonce);
      document.head.insertBefore(style, document.head.querySelector('style[data-styled]'));
    }
    if (style.textContent !== css) style.textContent = css;
  }, [css]);
  return null;
}

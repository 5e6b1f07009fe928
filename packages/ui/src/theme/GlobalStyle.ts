import { createGlobalStyle } from 'styled-components';

/** Base styles: font per language, calm defaults, visible focus, and the spec's print rule. */
export const GlobalStyle = createGlobalStyle`
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
    font-family: ${({ theme }) => theme.font};
    font-size: 16px;
    line-height: 1.7;
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.bg};
    -webkit-font-smoothing: antialiased;
    text-rendering: optimizeLegibility;
  }
  h1, h2, h3, h4 { line-height: 1.3; margin: 0; }
  p { margin: 0; }
  img, svg { max-width: 100%; }
  a { color: ${({ theme }) => theme.colors.primary}; }
  button, input, select, textarea { font: inherit; }
  :focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; scroll-behavior: auto !important; }
  }
  @media print {
    .not-for-print { display: none !important; }
  }
`;

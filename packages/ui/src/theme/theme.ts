import { BREAKPOINTS, CONTAINER_MAX_WIDTH } from '@separ/domain';

/** Colour roles; every text/background pair used together meets WCAG AA (4.5:1). */
export interface Palette {
  bg: string;
  surface: string;
  surfaceMuted: string;
  text: string;
  textMuted: string;
  border: string;
  primary: string;
  primaryHover: string;
  onPrimary: string;
  accent: string;
  accentSoft: string;
  hero: string;
  heroText: string;
  heroMuted: string;
  success: string;
  successSoft: string;
  danger: string;
  dangerSoft: string;
  warning: string;
  warningSoft: string;
  info: string;
  infoSoft: string;
  focus: string;
  overlay: string;
}

const light: Palette = {
  bg: '#f5f7fb',
  surface: '#ffffff',
  surfaceMuted: '#eef2f8',
  text: '#0f172a',
  textMuted: '#475569',
  border: '#dbe3ee',
  primary: '#1d4ed8',
  primaryHover: '#1e40af',
  onPrimary: '#ffffff',
  accent: '#0f766e',
  accentSoft: '#ccfbf1',
  hero: '#0b1b3a',
  heroText: '#ffffff',
  heroMuted: '#cbd5e1',
  success: '#15803d',
  successSoft: '#dcfce7',
  danger: '#b91c1c',
  dangerSoft: '#fee2e2',
  warning: '#92400e',
  warningSoft: '#fef3c7',
  info: '#1e40af',
  infoSoft: '#dbeafe',
  focus: '#f59e0b',
  overlay: 'rgba(15, 23, 42, 0.6)',
};

const dark: Palette = {
  bg: '#0b1220',
  surface: '#111a2e',
  surfaceMuted: '#18233b',
  text: '#e2e8f0',
  textMuted: '#a5b4c8',
  border: '#26344f',
  primary: '#60a5fa',
  primaryHover: '#93c5fd',
  onPrimary: '#0b1220',
  accent: '#2dd4bf',
  accentSoft: '#134e4a',
  hero: '#050b18',
  heroText: '#ffffff',
  heroMuted: '#cbd5e1',
  success: '#4ade80',
  successSoft: '#14351f',
  danger: '#f87171',
  dangerSoft: '#3b1414',
  warning: '#fbbf24',
  warningSoft: '#3a2a06',
  info: '#93c5fd',
  infoSoft: '#172554',
  focus: '#fbbf24',
  overlay: 'rgba(0, 0, 0, 0.7)',
};

export const palettes = { light, dark } as const;

/** The spacing scale, in pixels: space(n) = SPACE[n]. */
export const SPACE = [0, 4, 8, 12, 16, 20, 24, 32, 40, 48, 64, 80, 96] as const;

export const fonts = {
  fa: "'Vazirmatn', 'Vazirmatn Fallback', Tahoma, 'Segoe UI', sans-serif",
  en: "'Inter Variable', 'Inter Fallback', system-ui, 'Segoe UI', Roboto, Arial, sans-serif",
  mono: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
} as const;

export interface SeparTheme {
  colors: Palette;
  mode: 'light' | 'dark';
  dir: 'rtl' | 'ltr';
  language: 'fa' | 'en';
  font: string;
  fonts: typeof fonts;
  space: (n: number) => string;
  radii: { sm: string; md: string; lg: string; xl: string; pill: string };
  shadows: { sm: string; md: string; lg: string };
  fontSizes: {
    xs: string;
    sm: string;
    md: string;
    lg: string;
    xl: string;
    '2xl': string;
    '3xl': string;
    '4xl': string;
  };
  breakpoints: typeof BREAKPOINTS;
  containerWidth: number;
  headerHeight: number;
  zIndex: { header: number; drawer: number; modal: number; toast: number; banner: number };
}

/** Builds the theme for a language (font and direction) and a colour mode. */
export function createTheme(language: 'fa' | 'en', mode: 'light' | 'dark' = 'light'): SeparTheme {
  return {
    colors: palettes[mode],
    mode,
    dir: language === 'fa' ? 'rtl' : 'ltr',
    language,
    font: fonts[language],
    fonts,
    space: (n) => `${SPACE[n] ?? n * 4}px`,
    radii: { sm: '6px', md: '10px', lg: '16px', xl: '24px', pill: '999px' },
    shadows: {
      sm: '0 1px 2px rgba(15, 23, 42, 0.06), 0 1px 3px rgba(15, 23, 42, 0.08)',
      md: '0 4px 12px rgba(15, 23, 42, 0.08), 0 2px 4px rgba(15, 23, 42, 0.06)',
      lg: '0 18px 40px rgba(15, 23, 42, 0.14)',
    },
    fontSizes: {
      xs: '0.75rem',
      sm: '0.875rem',
      md: '1rem',
      lg: '1.125rem',
      xl: '1.375rem',
      '2xl': '1.75rem',
      '3xl': '2.25rem',
      '4xl': 'clamp(2rem, 5vw, 3.25rem)',
    },
    breakpoints: BREAKPOINTS,
    containerWidth: CONTAINER_MAX_WIDTH,
    headerHeight: 68,
    zIndex: { header: 50, drawer: 60, banner: 70, modal: 80, toast: 90 },
  };
}

/** Media queries at the spec's breakpoints (min-width). */
export const media = {
  sm: `@media (min-width: ${BREAKPOINTS.sm}px)`,
  md: `@media (min-width: ${BREAKPOINTS.md}px)`,
  lg: `@media (min-width: ${BREAKPOINTS.lg}px)`,
  xl: `@media (min-width: ${BREAKPOINTS.xl}px)`,
  '2xl': `@media (min-width: ${BREAKPOINTS['2xl']}px)`,
} as const;

export { createTheme, media, palettes, fonts, SPACE, type Palette, type SeparTheme } from './theme';
export { GlobalStyle, GLOBAL_STYLE_ID, globalCss } from './GlobalStyle';

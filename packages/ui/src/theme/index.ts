export { createTheme, media, palettes, fonts, SPACE, type Palette, type SeparTheme } from './theme';
export { GlobalStyle } from './GlobalStyle';

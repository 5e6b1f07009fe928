export { createTheme, media, palettes, fonts, SPACE, type Palette, type SeparTheme } from './theme';
export { GlobalStyle, GLOBAL_STYLE_ID, globalCss } from './GlobalStyle';
export {
  cluster,
  darkBand,
  headedText,
  iconDisc,
  notice,
  outlined,
  pageColumn,
  plainList,
  stack,
  termValueGrid,
} from './mixins';

import 'styled-components';
import type { SeparTheme } from './theme';

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation merges the theme type
  export interface DefaultTheme extends SeparTheme {}
}

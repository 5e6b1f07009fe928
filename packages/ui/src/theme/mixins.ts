/**
 * The layout rules the components share, written once: a list without markers, a column and a
 * wrapping row of children a theme space apart, and a square (or round) box that centres an icon.
 * Logical properties only, so that stylis-plugin-rtl has nothing to mirror.
 */
import { css, type DefaultTheme } from 'styled-components';
import { media } from './theme';

/** A list without markers or indent (its items laid out by the caller). */
export const plainList = css`
  list-style: none;
  margin: 0;
  padding: 0;
`;

/** Children one under the other, `theme.space(gap)` apart (a grid: each as wide as the box). */
export const stack = (gap: number) => css`
  display: grid;
  gap: ${({ theme }) => theme.space(gap)};
`;

/** Children side by side, `theme.space(gap)` apart, wrapping onto the next line when the row is full. */
export const cluster = (gap: number) => css`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(gap)};
`;

/** A `size`-pixel square with its content centred, rounded by the theme's `radius` (a circle without one). */
export const iconDisc = (size: number, radius?: keyof DefaultTheme['radii']) => css`
  display: grid;
  place-items: center;
  inline-size: ${size}px;
  block-size: ${size}px;
  border-radius: ${({ theme }) => (radius ? theme.radii[radius] : '50%')};
`;

/** A box outlined in the border colour, rounded by the theme's `radius`, on the palette's `background` if given. */
export const outlined = (radius: keyof DefaultTheme['radii'], background?: keyof DefaultTheme['colors']) => css`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii[radius]};
  ${
    background &&
    css`
      background: ${({ theme }) => theme.colors[background]};
    `
  }
`;

/** A block's heading (`h2` or `h3`) at the theme's font size, and its paragraphs in the muted colour. */
export const headedText = (heading: 'h2' | 'h3', size: keyof DefaultTheme['fontSizes']) => css`
  ${heading} {
    font-size: ${({ theme }) => theme.fontSizes[size]};
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** The page column: as wide as the theme's container at most, centred, with side padding that grows with the screen. */
export const pageColumn = css`
  inline-size: 100%;
  max-inline-size: ${({ theme }) => theme.containerWidth}px;
  margin-inline: auto;
  padding-inline: ${({ theme }) => theme.space(4)};
  ${media.md} {
    padding-inline: ${({ theme }) => theme.space(6)};
  }
`;

/** A dark band (the hero, a page's header) with a backdrop layer under its content; the band draws the layer's gradient. */
export const darkBand = css`
  position: relative;
  isolation: isolate;
  background-color: ${({ theme }) => theme.colors.hero};
  &::before {
    content: '';
    position: absolute;
    inset: 0;
    z-index: -1;
    pointer-events: none;
  }
`;

/** A description list of terms and values side by side, the values bold at the row's end. */
export const termValueGrid = (rowGap: number, columnGap: number) => css`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space(rowGap)} ${({ theme }) => theme.space(columnGap)};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 700;
    text-align: end;
  }
`;

/** A notice in a tone's soft colours: its icon (first) beside its words, `padding` apart from its rounded edge. */
export const notice = (tone: 'info' | 'warning', padding: number) => css`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  align-items: flex-start;
  padding: ${({ theme }) => theme.space(padding)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors[`${tone}Soft`]};
  color: ${({ theme }) => theme.colors[tone]};
`;

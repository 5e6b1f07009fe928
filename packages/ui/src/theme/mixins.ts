/**
 * The layout rules the components share, written once: a list without markers, a column and a
 * wrapping row of children a theme space apart, and a square (or round) box that centres an icon.
 * Logical properties only, so that stylis-plugin-rtl has nothing to mirror.
 */
import { css, type DefaultTheme } from 'styled-components';

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

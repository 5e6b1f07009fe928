import styled from 'styled-components';
import { headedText, media, outlined, pageColumn, stack } from '../theme';

/** The page column: 1280 px at most, with side padding that grows with the screen. */
export const Container = styled.div`
  ${pageColumn}
`;

/** The content under a page's header band: the page column, spaced from the band and from the footer. */
export const PageBody = styled(Container)`
  padding-block: ${({ theme }) => theme.space(9)} ${({ theme }) => theme.space(12)};
`;

/** A page body holding one panel in its middle (sign-in, a payment's result). */
export const CenteredPageBody = styled(PageBody)`
  display: grid;
  justify-items: center;
`;

export const SectionRoot = styled.section<{ $tone: 'plain' | 'muted' | 'dark' }>`
  padding-block: ${({ theme }) => theme.space(11)};
  background: ${({ theme, $tone }) =>
    $tone === 'muted' ? theme.colors.surfaceMuted : $tone === 'dark' ? theme.colors.hero : 'transparent'};
  color: ${({ theme, $tone }) => ($tone === 'dark' ? theme.colors.heroText : 'inherit')};
  scroll-margin-block-start: ${({ theme }) => theme.headerHeight}px;
  ${media.lg} {
    padding-block: ${({ theme }) => theme.space(12)};
  }
`;

export const SectionHead = styled.header`
  max-inline-size: 720px;
  margin-inline: auto;
  margin-block-end: ${({ theme }) => theme.space(9)};
  text-align: center;
  ${stack(3)}
`;

export const SectionTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  font-weight: 800;
  ${media.md} {
    font-size: ${({ theme }) => theme.fontSizes['3xl']};
  }
`;

export const SectionSubtitle = styled.p<{ $onDark?: boolean }>`
  color: ${({ theme, $onDark }) => ($onDark ? theme.colors.heroMuted : theme.colors.textMuted)};
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

export const Card = styled.div`
  background: ${({ theme }) => theme.colors.surface};
  ${outlined('lg')}
  box-shadow: ${({ theme }) => theme.shadows.sm};
  padding: ${({ theme }) => theme.space(6)};
`;

/** A card in a grid of cards: its icon, title and text, its button at the bottom (the text grows to keep it there). */
export const ActionCard = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  ${headedText('h2', 'xl')}
  p {
    flex: 1;
  }
`;

/** Hidden on screen, read by assistive technology. */
export const VisuallyHidden = styled.span`
  position: absolute !important;
  inline-size: 1px;
  block-size: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;

/** Left-to-right text (usernames, passwords, links, order numbers) inside right-to-left text. */
export const Ltr = styled.bdi.attrs({ dir: 'ltr' })`
  unicode-bidi: isolate;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: 0.95em;
  overflow-wrap: anywhere;
`;

export const Grid = styled.div<{ $min: number; $gap?: number }>`
  display: grid;
  gap: ${({ theme, $gap }) => theme.space($gap ?? 6)};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, ${({ $min }) => $min}px), 1fr));
`;

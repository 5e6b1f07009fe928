import styled from 'styled-components';
import { Card, PageBody } from '../Layout';
import { cluster, iconDisc, media, notice, stack, termValueGrid } from '../theme';

export const Body = styled(PageBody)`
  ${stack(6)}
  > * {
    min-inline-size: 0;
  }
  ${media.lg} {
    grid-template-columns: 1.15fr 1fr;
    align-items: start;
  }
`;

export const Panel = styled(Card)`
  ${stack(5)}
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

/** The one panel of a state that takes no form (awaiting review, rejected, expired, paid). */
export const StatePanel = styled(Card)`
  inline-size: 100%;
  max-inline-size: 640px;
  ${stack(5)}
  justify-items: center;
  text-align: center;
`;

export const Mark = styled.span<{ $tone: 'success' | 'danger' | 'warning' | 'info' }>`
  ${iconDisc(76)}
  background: ${({ theme, $tone }) => theme.colors[`${$tone}Soft`]};
  color: ${({ theme, $tone }) => theme.colors[$tone]};
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The countdown to the order's deadline. */
export const Countdown = styled.p<{ $over: boolean }>`
  ${({ $over }) => notice($over ? 'warning' : 'info', 4)}
  align-items: center;
  font-weight: 700;
  svg {
    flex-shrink: 0;
  }
  bdi {
    margin-inline-start: auto;
    font-size: ${({ theme }) => theme.fontSizes.xl};
    font-variant-numeric: tabular-nums;
  }
`;

/** The card, drawn as a card: its number in four groups, its holder and bank. */
export const BankCard = styled.div`
  ${stack(4)}
  padding: ${({ theme }) => theme.space(4)};
  ${media.sm} {
    padding: ${({ theme }) => theme.space(5)};
  }
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.hero};
  color: ${({ theme }) => theme.colors.heroText};
  dl {
    ${termValueGrid(2, 4)}
    dt {
      color: ${({ theme }) => theme.colors.heroMuted};
    }
  }
`;

/** Digits that read left to right in either language, isolated from the words around them. */
export const Digits = styled.bdi.attrs({ dir: 'ltr' })`
  unicode-bidi: isolate;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

export const CardNumber = styled(Digits)`
  display: block;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 800;
  letter-spacing: 0.02em;
  text-align: center;
  white-space: normal;
  word-spacing: 0.15em;
  ${media.sm} {
    letter-spacing: 0.06em;
    word-spacing: 0.2em;
    font-size: ${({ theme }) => theme.fontSizes['3xl']};
  }
`;

export const Row = styled.div`
  ${cluster(3)}
  justify-content: space-between;
`;

/** The exact amount: rials large, tomans under it. */
export const Amount = styled.div`
  ${stack(1)}
  padding: ${({ theme }) => theme.space(4)};
  border: 2px dashed ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.md};
  strong {
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
    font-weight: 800;
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const Note = styled.p<{ $tone: 'info' | 'warning' }>`
  ${({ $tone }) => notice($tone, 4)}
  font-weight: 600;
  svg {
    flex-shrink: 0;
  }
`;

export const Form = styled.form`
  ${stack(5)}
`;

/** The photo picker: a button-like label over a visually hidden file input, and the chosen file's name. */
export const FilePick = styled.div`
  ${stack(2)}
  > span {
    font-weight: 700;
  }
  input {
    position: absolute;
    inline-size: 1px;
    block-size: 1px;
    opacity: 0;
    overflow: hidden;
  }
  label {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(3)};
    min-block-size: 56px;
    padding-inline: ${({ theme }) => theme.space(4)};
    border: 1.5px dashed ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surface};
    cursor: pointer;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  input:focus-visible + label {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 2px;
  }
  label[data-invalid] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
`;

export const Alert = styled.p`
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

/** The operator's reason for a rejection, quoted. */
export const Reason = styled.blockquote`
  inline-size: 100%;
  margin: 0;
  padding: ${({ theme }) => theme.space(4)};
  border-inline-start: 4px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.dangerSoft};
  text-align: start;
  p:first-child {
    font-weight: 700;
    margin-block-end: ${({ theme }) => theme.space(1)};
  }
`;

export const Actions = styled.div`
  ${cluster(3)}
  justify-content: center;
`;

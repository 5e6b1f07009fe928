import styled from 'styled-components';
import { media, notice, outlined, stack } from '../theme';

/** The balance beside the top-up form (one under the other on a phone). */
export const Top = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(5)};
  margin-block-end: ${({ theme }) => theme.space(6)};
  ${media.lg} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1.4fr);
    align-items: start;
  }
`;

export const Balance = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  ${outlined('lg')}
  padding: ${({ theme }) => theme.space(6)};
  ${stack(2)}
  h2 {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.md};
    font-weight: 600;
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

export const BalanceAmount = styled.strong`
  display: block;
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
  font-weight: 800;
  line-height: 1.3;
  color: ${({ theme }) => theme.colors.text};
`;

export const Topup = styled.form`
  background: ${({ theme }) => theme.colors.surface};
  ${outlined('lg')}
  padding: ${({ theme }) => theme.space(6)};
  ${stack(5)}
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: 800;
  }
`;

export const Gates = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  ${stack(3)}
  legend {
    font-weight: 700;
    margin-block-end: ${({ theme }) => theme.space(3)};
  }
`;

export const GateOption = styled.label<{ $checked: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  min-block-size: 52px;
  padding-inline: ${({ theme }) => theme.space(4)};
  border: 1.5px solid ${({ theme, $checked }) => ($checked ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $checked }) => ($checked ? theme.colors.infoSoft : theme.colors.surface)};
  cursor: pointer;
  font-weight: 700;
  input {
    inline-size: 20px;
    block-size: 20px;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

export const Notice = styled.p<{ $tone: 'info' | 'warning' }>`
  ${({ $tone }) => notice($tone, 4)}
  font-weight: 600;
  svg {
    flex-shrink: 0;
  }
`;

export const Problem = styled.p`
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

/** A signed amount: green when it adds, red when it takes. */
export const Signed = styled.bdi.attrs({ dir: 'ltr' })<{ $negative: boolean }>`
  unicode-bidi: isolate;
  font-weight: 700;
  color: ${({ theme, $negative }) => ($negative ? theme.colors.danger : theme.colors.success)};
`;

/** The gift code: a heading and a line, then the field and its button side by side. */
export const Gift = styled.form`
  background: ${({ theme }) => theme.colors.surface};
  ${outlined('lg')}
  padding: ${({ theme }) => theme.space(6)};
  margin-block-end: ${({ theme }) => theme.space(6)};
  ${stack(4)}
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: 800;
  }
  > p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const GiftRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: flex-start;
  > :first-child {
    flex: 1 1 240px;
  }
  /* The button beside the control: below a line as tall as the field's label, and the field's gap. */
  > :last-child {
    padding-block-start: calc(1lh + ${({ theme }) => theme.space(2)});
  }
  > :last-child > button {
    min-block-size: 48px;
  }
`;

export const Redeemed = styled.p`
  ${notice('info', 4)}
  background: ${({ theme }) => theme.colors.successSoft};
  color: ${({ theme }) => theme.colors.success};
  font-weight: 700;
  svg {
    flex-shrink: 0;
  }
`;

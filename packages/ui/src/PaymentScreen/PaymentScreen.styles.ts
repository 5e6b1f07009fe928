import styled from 'styled-components';
import { PageBody } from '../Layout';
import { media, notice, stack, termValueGrid } from '../theme';

export const Body = styled(PageBody)`
  ${stack(6)}
  ${media.lg} {
    grid-template-columns: 1fr 1.2fr;
    align-items: start;
  }
`;

export const Summary = styled.dl`
  ${termValueGrid(3, 6)}
`;

export const Total = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  margin-block-start: ${({ theme }) => theme.space(5)};
  padding-block-start: ${({ theme }) => theme.space(5)};
  border-block-start: 1px dashed ${({ theme }) => theme.colors.border};
  font-weight: 800;
  strong {
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
  }
`;

export const Form = styled.form`
  ${stack(6)}
`;

export const Gateways = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  ${stack(3)}
  legend {
    font-weight: 700;
    margin-block-end: ${({ theme }) => theme.space(3)};
  }
`;

export const GatewayOption = styled.label<{ $checked: boolean; $disabled: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  min-block-size: 56px;
  padding-inline: ${({ theme }) => theme.space(4)};
  border: 1.5px solid ${({ theme, $checked }) => ($checked ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $checked }) => ($checked ? theme.colors.infoSoft : theme.colors.surface)};
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
  opacity: ${({ $disabled }) => ($disabled ? 0.6 : 1)};
  font-weight: 700;
  input {
    inline-size: 20px;
    block-size: 20px;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  small {
    margin-inline-start: auto;
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
  }
`;

export const Alert = styled.p<{ $tone: 'danger' | 'info' }>`
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $tone }) => ($tone === 'danger' ? theme.colors.dangerSoft : theme.colors.infoSoft)};
  color: ${({ theme, $tone }) => ($tone === 'danger' ? theme.colors.danger : theme.colors.info)};
  font-weight: 600;
`;

/** Which account the purchase renews, and the choice of a new one instead. */
export const Renewal = styled.div`
  ${notice('info', 4)}
  p {
    font-weight: 600;
    margin-block-end: ${({ theme }) => theme.space(2)};
  }
  label {
    display: flex;
    gap: ${({ theme }) => theme.space(2)};
    align-items: center;
    color: ${({ theme }) => theme.colors.text};
    cursor: pointer;
  }
  input {
    inline-size: 18px;
    block-size: 18px;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

export const Secure = styled.p`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** Under the wallet's option: the balance, what is missing and the way to top up or sign in. */
export const WalletFacts = styled.div`
  ${stack(1)}
  margin-block-start: ${({ theme }) => theme.space(2)};
  padding-inline: ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  p {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
  }
  p[data-short] {
    color: ${({ theme }) => theme.colors.danger};
    font-weight: 600;
  }
`;

/** The discount code: the field and its Apply button side by side, the button at the field's foot. */
export const CouponRow = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  align-items: flex-start;
  > :first-child {
    flex: 1;
  }
  /* The button beside the control: below a line as tall as the field's label, and the field's gap. */
  > :last-child {
    padding-block-start: calc(1lh + ${({ theme }) => theme.space(2)});
  }
  > :last-child > button {
    min-block-size: 48px;
  }
`;

/** A code that applies: what it took off, and the way to remove it. */
export const CouponApplied = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: center;
  justify-content: space-between;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.successSoft};
  color: ${({ theme }) => theme.colors.success};
  font-weight: 700;
  p {
    display: flex;
    gap: ${({ theme }) => theme.space(2)};
    align-items: center;
  }
`;

/** The summary's lines under a code: the listed price struck through and the discount. */
export const PriceLine = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  margin-block-start: ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 600;
  s {
    text-decoration-thickness: 2px;
  }
  &[data-discount] {
    color: ${({ theme }) => theme.colors.success};
  }
`;

import styled, { css } from 'styled-components';
import { focusRing } from '../FormField/FormField.styles';

/** The small field (`size="sm"`): a muted label above, or beside with `$inline`; it grows in a toolbar with `$grow`. */
export const SmallField = styled.div<{ $grow: boolean; $inline?: boolean }>`
  display: ${({ $inline }) => ($inline ? 'flex' : 'grid')};
  align-items: center;
  gap: ${({ theme, $inline }) => theme.space($inline ? 2 : 1)};
  flex: ${({ $grow }) => ($grow ? '1 1 240px' : '0 1 auto')};
  min-inline-size: 0;
  & > label {
    white-space: ${({ $inline }) => ($inline ? 'nowrap' : 'normal')};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 700;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const small = css`
  inline-size: 100%;
  min-block-size: 40px;
  padding-inline: ${({ theme }) => theme.space(3)};
  border: 1.5px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  ${focusRing}
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
  &::placeholder {
    color: ${({ theme }) => theme.colors.textMuted};
    opacity: 0.85;
  }
`;

export const SmallInput = styled.input`
  ${small}
  &[dir='ltr'] {
    text-align: left;
  }
`;

export const SmallSelect = styled.select`
  ${small}
  padding-inline-end: ${({ theme }) => theme.space(2)};
`;

const medium = css<{ $invalid: boolean }>`
  inline-size: 100%;
  border-radius: 10px;
  padding-inline: 16px;
  border: 1.5px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  ${focusRing}
`;

export const Select = styled.select<{ $invalid: boolean }>`
  ${medium}
  min-block-size: 48px;
`;

export const TextArea = styled.textarea<{ $invalid: boolean }>`
  ${medium}
  min-block-size: 120px;
  padding-block: 12px;
  resize: vertical;
  &[dir='ltr'] {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

export const CheckRow = styled.div`
  display: grid;
  grid-template-columns: auto 1fr;
  column-gap: ${({ theme }) => theme.space(3)};
  align-items: center;
  min-block-size: 44px;
  input {
    inline-size: 20px;
    block-size: 20px;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  label {
    font-weight: 700;
  }
  p {
    grid-column: 2;
  }
`;

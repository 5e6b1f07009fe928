import styled, { css } from 'styled-components';

export const FieldRoot = styled.div<{ $grow: boolean; $inline?: boolean }>`
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

const control = css`
  inline-size: 100%;
  min-block-size: 40px;
  padding-inline: ${({ theme }) => theme.space(3)};
  border: 1.5px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  &:focus {
    outline: none;
    border-color: ${({ theme }) => theme.colors.primary};
    box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.infoSoft};
  }
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
  &::placeholder {
    color: ${({ theme }) => theme.colors.textMuted};
    opacity: 0.85;
  }
`;

export const Input = styled.input`
  ${control}
  &[dir='ltr'] {
    text-align: left;
  }
`;

export const Select = styled.select`
  ${control}
  padding-inline-end: ${({ theme }) => theme.space(2)};
`;

export const FieldError = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

export const FieldHint = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A failed action's message inside a dialog or a form. */
export const Alert = styled.p`
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

/** The secret shown once: large, monospace, left to right. */
export const Secret = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1.5px dashed ${({ theme }) => theme.colors.warning};
  background: ${({ theme }) => theme.colors.warningSoft};
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: 700;
    color: ${({ theme }) => theme.colors.text};
    overflow-wrap: anywhere;
  }
  p {
    color: ${({ theme }) => theme.colors.warning};
    font-weight: 600;
  }
`;

export const DialogForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;

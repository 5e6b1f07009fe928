import styled, { css } from 'styled-components';
import { stack } from '../theme';

export const Field = styled.div`
  ${stack(2)}
`;

export const Label = styled.label`
  font-weight: 700;
`;

export const InputWrap = styled.div`
  position: relative;
  display: flex;
  align-items: center;
`;

/** A control's focus: the primary border and a soft ring instead of the outline. */
export const focusRing = css`
  &:focus {
    outline: none;
    border-color: ${({ theme }) => theme.colors.primary};
    box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.infoSoft};
  }
`;

export const Input = styled.input<{ $invalid: boolean; $withButton: boolean }>`
  inline-size: 100%;
  min-block-size: 48px;
  padding-inline: ${({ theme }) => theme.space(4)};
  padding-inline-end: ${({ theme, $withButton }) => ($withButton ? '52px' : theme.space(4))};
  border: 1.5px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  ${focusRing}
  &[dir='ltr'] {
    text-align: left;
  }
  &::placeholder {
    color: ${({ theme }) => theme.colors.textMuted};
    opacity: 0.85;
  }
`;

export const Toggle = styled.button`
  position: absolute;
  inset-inline-end: 4px;
  display: grid;
  place-items: center;
  inline-size: 44px;
  block-size: 40px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  &:hover {
    color: ${({ theme }) => theme.colors.text};
  }
`;

export const Hint = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const ErrorText = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

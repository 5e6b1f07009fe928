import styled, { css, type DefaultTheme } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'light';
export type ButtonSize = 'sm' | 'md' | 'lg';

const variants: Record<ButtonVariant, (theme: DefaultTheme) => ReturnType<typeof css>> = {
  primary: (theme) => css`
    background: ${theme.colors.primary};
    color: ${theme.colors.onPrimary};
    border-color: ${theme.colors.primary};
    &:hover:not(:disabled) {
      background: ${theme.colors.primaryHover};
      border-color: ${theme.colors.primaryHover};
    }
  `,
  secondary: (theme) => css`
    background: ${theme.colors.surface};
    color: ${theme.colors.primary};
    border-color: ${theme.colors.border};
    &:hover:not(:disabled) {
      border-color: ${theme.colors.primary};
    }
  `,
  ghost: (theme) => css`
    background: transparent;
    color: ${theme.colors.text};
    border-color: transparent;
    &:hover:not(:disabled) {
      background: ${theme.colors.surfaceMuted};
    }
  `,
  danger: (theme) => css`
    background: ${theme.colors.surface};
    color: ${theme.colors.danger};
    border-color: ${theme.colors.danger};
    &:hover:not(:disabled) {
      background: ${theme.colors.dangerSoft};
    }
  `,
  light: (theme) => css`
    background: rgba(255, 255, 255, 0.1);
    color: ${theme.colors.heroText};
    border-color: rgba(255, 255, 255, 0.45);
    &:hover:not(:disabled) {
      background: rgba(255, 255, 255, 0.2);
    }
  `,
};

const sizes: Record<ButtonSize, ReturnType<typeof css>> = {
  sm: css`
    min-block-size: 36px;
    padding-inline: 14px;
    font-size: 0.875rem;
  `,
  md: css`
    min-block-size: 44px;
    padding-inline: 20px;
    font-size: 1rem;
  `,
  lg: css`
    min-block-size: 52px;
    padding-inline: 28px;
    font-size: 1.0625rem;
  `,
};

export const buttonStyles = css<{ $variant: ButtonVariant; $size: ButtonSize; $fullWidth: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  inline-size: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  border: 1.5px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  font-weight: 700;
  line-height: 1.2;
  text-decoration: none;
  text-align: center;
  cursor: pointer;
  transition:
    background 0.15s ease,
    border-color 0.15s ease,
    color 0.15s ease;
  ${({ $size }) => sizes[$size]}
  ${({ $variant, theme }) => variants[$variant](theme)}
  &:disabled,
  &[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.55;
  }
`;

export const StyledButton = styled.button<{ $variant: ButtonVariant; $size: ButtonSize; $fullWidth: boolean }>`
  ${buttonStyles}
`;

export const StyledAnchor = styled.a<{ $variant: ButtonVariant; $size: ButtonSize; $fullWidth: boolean }>`
  ${buttonStyles}
`;

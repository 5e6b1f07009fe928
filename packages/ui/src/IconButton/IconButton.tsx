import type { ButtonHTMLAttributes, Ref } from 'react';
import styled from 'styled-components';
import { Icon, type IconName } from '../icons';

const Root = styled.button<{ $onDark: boolean }>`
  display: inline-grid;
  place-items: center;
  inline-size: 44px;
  block-size: 44px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme, $onDark }) => ($onDark ? theme.colors.heroText : theme.colors.text)};
  cursor: pointer;
  &:hover {
    background: ${({ $onDark, theme }) => ($onDark ? 'rgba(255,255,255,0.12)' : theme.colors.surfaceMuted)};
  }
`;

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  icon: IconName;
  /** Required: the button's accessible name. */
  label: string;
  onDark?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** A square button with an icon and an accessible name. */
export function IconButton({ icon, label, onDark = false, type = 'button', ...rest }: IconButtonProps) {
  return (
    <Root type={type} aria-label={label} title={label} $onDark={onDark} {...rest}>
      <Icon name={icon} size={22} />
    </Root>
  );
}

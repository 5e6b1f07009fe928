import type { AriaRole, ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Icon, type IconName } from '../icons';
import { iconDisc, stack } from '../theme';

const Root = styled.div<{ $padInline: boolean }>`
  ${stack(3)}
  justify-items: center;
  padding-block: ${({ theme }) => theme.space(10)};
  ${({ $padInline }) =>
    $padInline &&
    css`
      padding-inline: ${({ theme }) => theme.space(4)};
    `}
  text-align: center;
`;

const TONES = {
  muted: { background: 'surfaceMuted', color: 'textMuted' },
  danger: { background: 'dangerSoft', color: 'danger' },
} as const;

const Art = styled.span<{ $size: number; $tone: keyof typeof TONES }>`
  ${({ $size }) => iconDisc($size)}
  background: ${({ theme, $tone }) => theme.colors[TONES[$tone].background]};
  color: ${({ theme, $tone }) => theme.colors[TONES[$tone].color]};
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

const Message = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  max-inline-size: 480px;
`;

export interface StatusMessageProps {
  /** The icon in its disc: the disc's and the icon's size, and the disc's colours. */
  art: { icon: IconName; size: number; iconSize: number; tone: keyof typeof TONES };
  title: ReactNode;
  message?: ReactNode;
  /** Under the message (a button). */
  children?: ReactNode;
  role?: AriaRole;
  /** Side padding, for a message that may stand against the screen's edges. */
  padInline?: boolean;
}

/** A centred icon, title and message: what EmptyState and ErrorView draw, each in its own tone. */
export function StatusMessage({ art, title, message, children, role, padInline = false }: StatusMessageProps) {
  return (
    <Root role={role} $padInline={padInline}>
      <Art $size={art.size} $tone={art.tone}>
        <Icon name={art.icon} size={art.iconSize} />
      </Art>
      <Title>{title}</Title>
      {message ? <Message>{message}</Message> : null}
      {children}
    </Root>
  );
}

import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Icon, type IconName } from '../icons';

const Root = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding-block: ${({ theme }) => theme.space(10)};
  text-align: center;
`;

const Art = styled.span`
  display: grid;
  place-items: center;
  inline-size: 72px;
  block-size: 72px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

const Message = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  max-inline-size: 480px;
`;

export interface EmptyStateProps {
  title: ReactNode;
  message?: ReactNode;
  icon?: IconName;
  action?: ReactNode;
}

/** Nothing to show yet, with what to do about it. */
export function EmptyState({ title, message, icon = 'info', action }: EmptyStateProps) {
  return (
    <Root>
      <Art>
        <Icon name={icon} size={34} />
      </Art>
      <Title>{title}</Title>
      {message ? <Message>{message}</Message> : null}
      {action}
    </Root>
  );
}

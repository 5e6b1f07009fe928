import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../Button';
import { Icon } from '../icons';

const Root = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding-block: ${({ theme }) => theme.space(10)};
  padding-inline: ${({ theme }) => theme.space(4)};
  text-align: center;
`;

const Badge = styled.span`
  display: grid;
  place-items: center;
  inline-size: 64px;
  block-size: 64px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.danger};
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

const Message = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  max-inline-size: 480px;
`;

export interface ErrorViewProps {
  title: ReactNode;
  message?: ReactNode;
  retryLabel?: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
}

/** A failed load, with a retry button. */
export function ErrorView({ title, message, retryLabel, onRetry, retrying = false }: ErrorViewProps) {
  return (
    <Root role="alert">
      <Badge>
        <Icon name="alert" size={32} />
      </Badge>
      <Title>{title}</Title>
      {message ? <Message>{message}</Message> : null}
      {onRetry && retryLabel ? (
        <Button icon="refresh" onClick={onRetry} loading={retrying}>
          {retryLabel}
        </Button>
      ) : null}
    </Root>
  );
}

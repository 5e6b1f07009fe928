import type { ReactNode } from 'react';
import { Button } from '../Button';
import { StatusMessage } from '../StatusMessage';

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
    <StatusMessage
      role="alert"
      padInline
      art={{ icon: 'alert', size: 64, iconSize: 32, tone: 'danger' }}
      title={title}
      message={message}
    >
      {onRetry && retryLabel ? (
        <Button icon="refresh" onClick={onRetry} loading={retrying}>
          {retryLabel}
        </Button>
      ) : null}
    </StatusMessage>
  );
}

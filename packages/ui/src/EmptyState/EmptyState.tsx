import type { ReactNode } from 'react';
import type { IconName } from '../icons';
import { StatusMessage } from '../StatusMessage';

export interface EmptyStateProps {
  title: ReactNode;
  message?: ReactNode;
  icon?: IconName;
  action?: ReactNode;
}

/** Nothing to show yet, with what to do about it. */
export function EmptyState({ title, message, icon = 'info', action }: EmptyStateProps) {
  return (
    <StatusMessage art={{ icon, size: 72, iconSize: 34, tone: 'muted' }} title={title} message={message}>
      {action}
    </StatusMessage>
  );
}

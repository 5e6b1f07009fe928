import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Icon, type IconName } from '../icons';

export type AdminNoticeTone = 'error' | 'success' | 'warning' | 'info';

const Root = styled.p<{ $tone: AdminNoticeTone }>`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  align-items: flex-start;
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.md};
  font-weight: 600;
  ${({ theme, $tone }) => {
    const c = theme.colors;
    const [bg, fg] = {
      error: [c.dangerSoft, c.danger],
      success: [c.successSoft, c.success],
      warning: [c.warningSoft, c.warning],
      info: [c.infoSoft, c.info],
    }[$tone];
    return `background: ${bg}; color: ${fg};`;
  }}
  svg {
    flex-shrink: 0;
    margin-block-start: 3px;
  }
`;

const ICONS: Record<AdminNoticeTone, IconName> = { error: 'alert', success: 'check', warning: 'alert', info: 'info' };

export interface AdminNoticeProps {
  tone: AdminNoticeTone;
  children: ReactNode;
}

/**
 * A message about a form, a dialog or the page (a failed save, a done action, a warning): errors
 * are alerts, the rest polite status.
 */
export function AdminNotice({ tone, children }: AdminNoticeProps) {
  return (
    <Root $tone={tone} role={tone === 'error' ? 'alert' : 'status'}>
      <Icon name={ICONS[tone]} size={20} />
      <span>{children}</span>
    </Root>
  );
}

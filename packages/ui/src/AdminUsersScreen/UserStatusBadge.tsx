import { useTranslation } from 'react-i18next';
import type { AdminUserStatus } from '@separ/domain';
import { StateBadge, type BadgeLook } from '../Badge';

const LOOKS: Record<AdminUserStatus, BadgeLook> = {
  active: ['success', 'check'],
  pending: ['info', 'clock'],
  expired: ['neutral', 'hourglass'],
  depleted: ['warning', 'database'],
  suspended: ['danger', 'ban'],
};

/** An account's status as a badge: pending, active, expired, depleted (no data left), suspended. */
export function UserStatusBadge({ status }: { status: AdminUserStatus }) {
  const { t } = useTranslation('admin');
  return (
    <StateBadge state={status} looks={LOOKS}>
      {t(`users.status.${status}`)}
    </StateBadge>
  );
}

import { useTranslation } from 'react-i18next';
import type { AdminUserStatus } from '@separ/domain';
import { Badge, type BadgeTone } from '../Badge';
import type { IconName } from '../icons';

const LOOK: Record<AdminUserStatus, [BadgeTone, IconName]> = {
  active: ['success', 'check'],
  pending: ['info', 'clock'],
  expired: ['neutral', 'hourglass'],
  depleted: ['warning', 'database'],
  suspended: ['danger', 'ban'],
};

/** An account's status as a badge: pending, active, expired, depleted (no data left), suspended. */
export function UserStatusBadge({ status }: { status: AdminUserStatus }) {
  const { t } = useTranslation('admin');
  const [tone, icon] = LOOK[status];
  return (
    <Badge tone={tone} icon={icon}>
      {t(`users.status.${status}`)}
    </Badge>
  );
}

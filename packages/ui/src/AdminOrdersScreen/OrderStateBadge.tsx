import { useTranslation } from 'react-i18next';
import type { AdminOrderState } from '@separ/domain';
import { Badge, type BadgeTone } from '../Badge';
import type { IconName } from '../icons';

const LOOK: Record<AdminOrderState, [BadgeTone, IconName]> = {
  paid: ['success', 'check'],
  pending: ['warning', 'clock'],
  failed: ['danger', 'x'],
  expired: ['neutral', 'hourglass'],
};

/** An order's state as a badge: paid, pending, failed, expired. */
export function OrderStateBadge({ state }: { state: AdminOrderState }) {
  const { t } = useTranslation('admin');
  const [tone, icon] = LOOK[state];
  return (
    <Badge tone={tone} icon={icon}>
      {t(`orders.states.${state}`)}
    </Badge>
  );
}

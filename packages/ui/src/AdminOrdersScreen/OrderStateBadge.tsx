import { useTranslation } from 'react-i18next';
import type { AdminOrderState } from '@separ/domain';
import { StateBadge, type BadgeLook } from '../Badge';

const LOOKS: Record<AdminOrderState, BadgeLook> = {
  paid: ['success', 'check'],
  pending: ['warning', 'clock'],
  failed: ['danger', 'x'],
  expired: ['neutral', 'hourglass'],
};

/** An order's state as a badge: paid, pending, failed, expired. */
export function OrderStateBadge({ state }: { state: AdminOrderState }) {
  const { t } = useTranslation('admin');
  return (
    <StateBadge state={state} looks={LOOKS}>
      {t(`orders.states.${state}`)}
    </StateBadge>
  );
}

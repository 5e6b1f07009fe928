import {
  useAdminAddCouponMutation,
  useAdminAddGiftsMutation,
  useAdminCouponsQuery,
  useAdminDisableCouponMutation,
  useAdminPlansQuery,
} from '@separ/api';
import { AdminCouponsScreen } from '@separ/ui';
import { adminAction } from './errors.ts';
import { queryView } from './useListQuery.ts';

/**
 * The discount codes and gift codes (CONTRACTS §12): adding a code with its limits, disabling one,
 * and issuing gift codes, shown this once.
 */
export function CouponsPage() {
  const coupons = useAdminCouponsQuery();
  // The plans a code may be limited to; the list shows their titles once they come.
  const plans = useAdminPlansQuery();
  const [add] = useAdminAddCouponMutation();
  const [disable] = useAdminDisableCouponMutation();
  const [addGifts] = useAdminAddGiftsMutation();
  return (
    <AdminCouponsScreen
      {...queryView(coupons)}
      coupons={coupons.data ?? null}
      plans={plans.data ?? []}
      onAdd={(input) => adminAction(add(input).unwrap())}
      onDisable={(code) => adminAction(disable(code).unwrap())}
      onAddGifts={(input) => adminAction(addGifts(input).unwrap())}
    />
  );
}

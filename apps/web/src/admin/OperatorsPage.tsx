import {
  useAdminCreateOperatorMutation,
  useAdminDeleteOperatorMutation,
  useAdminOperatorsQuery,
  useAdminTotpDisableMutation,
  useAdminTotpEnableMutation,
  useAdminTotpSetupMutation,
} from '@separ/api';
import type { AdminOperator } from '@separ/domain';
import { AdminOperatorsScreen } from '@separ/ui';
import { adminAction } from './errors.ts';
import { listStatus } from './useListQuery.ts';

/** The operators, adding and removing one, and the signed-in operator's one-time codes. */
export function OperatorsPage({ operator }: { operator: AdminOperator }) {
  const operators = useAdminOperatorsQuery();
  const [create] = useAdminCreateOperatorMutation();
  const [remove] = useAdminDeleteOperatorMutation();
  const [setup] = useAdminTotpSetupMutation();
  const [enable] = useAdminTotpEnableMutation();
  const [disable] = useAdminTotpDisableMutation();
  return (
    <AdminOperatorsScreen
      status={listStatus(operators)}
      operators={operators.data ?? null}
      onRetry={() => void operators.refetch()}
      me={operator}
      onAdd={(input) => adminAction(create(input).unwrap())}
      onRemove={(username) => adminAction(remove(username).unwrap())}
      onTotpSetup={() => adminAction(setup().unwrap())}
      onTotpEnable={(code) => adminAction(enable({ code }).unwrap())}
      onTotpDisable={(code) => adminAction(disable({ code }).unwrap())}
    />
  );
}

import {
  useAdminCreateOperatorMutation,
  useAdminDeleteOperatorMutation,
  useAdminOperatorsQuery,
  useAdminSetOperatorRoleMutation,
  useAdminTotpDisableMutation,
  useAdminTotpEnableMutation,
  useAdminTotpSetupMutation,
  useAdminUnlockOperatorMutation,
} from '@separ/api';
import { roleMayUse, type AdminOperator } from '@separ/domain';
import { AdminOperatorsScreen } from '@separ/ui';
import { adminAction } from './errors.ts';
import { listStatus } from './useListQuery.ts';

/**
 * The operators: adding (with the signed-in operator's current one-time code while theirs are on),
 * removing and unlocking one, and the signed-in operator's one-time codes (CONTRACTS §15).
 */
export function OperatorsPage({ operator }: { operator: AdminOperator }) {
  // Only the owner manages operators (CONTRACTS §13): another role sees its own one-time codes alone.
  const operators = useAdminOperatorsQuery(undefined, { skip: !roleMayUse(operator.role, 'GET /api/admin/operators') });
  const [setRole] = useAdminSetOperatorRoleMutation();
  const [create] = useAdminCreateOperatorMutation();
  const [remove] = useAdminDeleteOperatorMutation();
  const [unlock] = useAdminUnlockOperatorMutation();
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
      onUnlock={(username) => adminAction(unlock(username).unwrap())}
      onSetRole={(username, role) => adminAction(setRole({ username, role }).unwrap())}
      onTotpSetup={(code) => adminAction(setup(code ? { code } : undefined).unwrap())}
      onTotpEnable={(code) => adminAction(enable({ code }).unwrap())}
      onTotpDisable={(code) => adminAction(disable({ code }).unwrap())}
    />
  );
}

import {
  ADMIN_RECEIPT_QUEUE,
  adminReceiptUrl,
  useAdminApproveCardOrderMutation,
  useAdminCardsQuery,
  useAdminOrdersQuery,
  useAdminPlansQuery,
  useAdminRejectCardOrderMutation,
} from '@separ/api';
import { AdminReceiptsScreen } from '@separ/ui';
import { adminAction, AdminCallError } from './errors.ts';
import { queryView } from './useListQuery.ts';

/** An account's page in the console. */
const userTo = (username: string) => `/admin/users/${encodeURIComponent(username)}`;

/**
 * The review queue of card-to-card receipts (CONTRACTS §11): the card orders awaiting an operator,
 * oldest first, with the pool's cards and the plans to name them; approving or rejecting one
 * refreshes the queue (and the orders, the pool, the menu's count). A decision another operator
 * made first (409 `conflict`) refreshes the queue too, so the receipt leaves it.
 */
export function ReceiptsPage() {
  const queue = useAdminOrdersQuery(ADMIN_RECEIPT_QUEUE);
  const cards = useAdminCardsQuery();
  const plans = useAdminPlansQuery();
  const [approve] = useAdminApproveCardOrderMutation();
  const [reject] = useAdminRejectCardOrderMutation();

  /** Runs a decision; when another operator decided first, the queue is asked again. */
  const decide = async <T,>(run: Promise<T>): Promise<T> => {
    try {
      return await adminAction(run);
    } catch (error) {
      if (error instanceof AdminCallError && error.code === 'conflict') void queue.refetch();
      throw error;
    }
  };

  return (
    <AdminReceiptsScreen
      {...queryView(queue)}
      receipts={queue.data?.items ?? null}
      cards={cards.data ?? null}
      plans={plans.data ?? null}
      receiptUrl={adminReceiptUrl}
      userTo={userTo}
      onApprove={(resNum) => decide(approve(resNum).unwrap())}
      onReject={(resNum, reason) => decide(reject({ resNum, reason }).unwrap())}
    />
  );
}

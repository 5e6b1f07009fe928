import {
  useAdminAddCardMutation,
  useAdminCardsQuery,
  useAdminRemoveCardMutation,
  useAdminSetCardEnabledMutation,
} from '@separ/api';
import { AdminCardsScreen } from '@separ/ui';
import { adminAction } from './errors.ts';
import { queryView } from './useListQuery.ts';

/** The card pool for card-to-card transfers (CONTRACTS §11): adding, enabling or disabling and removing a card. */
export function CardsPage() {
  const cards = useAdminCardsQuery();
  const [add] = useAdminAddCardMutation();
  const [setEnabled] = useAdminSetCardEnabledMutation();
  const [remove] = useAdminRemoveCardMutation();
  return (
    <AdminCardsScreen
      {...queryView(cards)}
      cards={cards.data ?? null}
      onAdd={(input) => adminAction(add(input).unwrap())}
      onSetEnabled={(id, enabled) => adminAction(setEnabled({ id, enabled }).unwrap())}
      onRemove={(id) => adminAction(remove(id).unwrap())}
    />
  );
}

import { useState } from 'react';
import {
  useAdminCreateTokenMutation,
  useAdminCreateWebhookMutation,
  useAdminRemoveWebhookMutation,
  useAdminRevokeTokenMutation,
  useAdminTestWebhookMutation,
  useAdminTokensQuery,
  useAdminWebhookDeliveriesQuery,
  useAdminWebhooksQuery,
} from '@separ/api';
import type { AdminListQuery } from '@separ/domain';
import { AdminAutomationScreen } from '@separ/ui';
import { adminAction } from './errors.ts';
import { listStatus } from './useListQuery.ts';

/**
 * The owner's automation (CONTRACTS §13): API tokens and webhooks, and the delivery log of the
 * webhook the owner opens (its page in this page's state: the log is a detail, not an address).
 */
export function AutomationPage() {
  const tokens = useAdminTokensQuery();
  const webhooks = useAdminWebhooksQuery();
  const [createToken] = useAdminCreateTokenMutation();
  const [revokeToken] = useAdminRevokeTokenMutation();
  const [createWebhook] = useAdminCreateWebhookMutation();
  const [removeWebhook] = useAdminRemoveWebhookMutation();
  const [testWebhook] = useAdminTestWebhookMutation();
  const [shown, setShown] = useState<number | null>(null);
  const [query, setQuery] = useState<AdminListQuery>({});
  const log = useAdminWebhookDeliveriesQuery(shown === null ? { id: 0 } : { id: shown, ...query }, {
    skip: shown === null,
  });
  return (
    <AdminAutomationScreen
      tokensStatus={listStatus(tokens)}
      tokens={tokens.data ?? null}
      onRetryTokens={() => void tokens.refetch()}
      onAddToken={(input) => adminAction(createToken(input).unwrap())}
      onRevokeToken={(name) => adminAction(revokeToken(name).unwrap())}
      webhooksStatus={listStatus(webhooks)}
      webhooks={webhooks.data ?? null}
      onRetryWebhooks={() => void webhooks.refetch()}
      onAddWebhook={(input) => adminAction(createWebhook(input).unwrap())}
      onRemoveWebhook={(id) => adminAction(removeWebhook(id).unwrap())}
      onTestWebhook={(id) => adminAction(testWebhook(id).unwrap())}
      onShowDeliveries={(id) => {
        setShown(id);
        setQuery({});
      }}
      deliveries={
        shown === null
          ? null
          : {
              webhookId: shown,
              status: listStatus(log),
              data: log.data ?? null,
              query,
              onQueryChange: setQuery,
              onRetry: () => void log.refetch(),
            }
      }
    />
  );
}

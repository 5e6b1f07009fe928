import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  OPERATOR_ROLES,
  WEBHOOK_EVENTS,
  type AdminApiToken,
  type AdminListQuery,
  type AdminPage,
  type AdminWebhook,
  type AdminWebhookCreated,
  type AdminWebhookDelivery,
  type OperatorRole,
  type WebhookEvent,
} from '@separ/domain';
import { AdminDataTable } from '../AdminDataTable';
import { AdminDialog } from '../AdminDialog';
import { AdminCheckbox, AdminInput, AdminSelect } from '../AdminField';
import { AdminNotice, adminErrorText } from '../AdminNotice';
import { ShownOnce } from '../AdminShownOnce';
import { AdminPageHeader } from '../AdminPageHeader';
import { Section, Stack } from '../AdminDataTable/AdminScreen.styles';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { useFormat } from '../format';
import { Ltr } from '../Layout';
import { Modal } from '../Modal';
import { Actions, EventList, Events, SectionHead } from './AdminAutomationScreen.styles';

type Status = 'loading' | 'error' | 'ready';

/** The delivery log of one webhook, as the container asks for it. */
export interface AdminDeliveryLog {
  webhookId: number;
  status: Status;
  data: AdminPage<AdminWebhookDelivery> | null;
  query: AdminListQuery;
  onQueryChange(next: AdminListQuery): void;
  onRetry(): void;
}

export interface AdminAutomationScreenProps {
  /** `GET /api/admin/tokens` (`items`); null before the first answer. */
  tokensStatus: Status;
  tokens: AdminApiToken[] | null;
  onRetryTokens(): void;
  /** `POST /api/admin/tokens`: resolve with the answer (its token is shown once). */
  onAddToken(input: { name: string; role: OperatorRole }): Promise<{ name: string; role: OperatorRole; token: string }>;
  /** `DELETE /api/admin/tokens/:name`, after a confirmation. */
  onRevokeToken(name: string): Promise<unknown>;
  /** `GET /api/admin/webhooks` (`items`); null before the first answer. */
  webhooksStatus: Status;
  webhooks: AdminWebhook[] | null;
  onRetryWebhooks(): void;
  /** `POST /api/admin/webhooks`: resolve with the answer (its secret is shown once). */
  onAddWebhook(input: { url: string; events: WebhookEvent[] }): Promise<AdminWebhookCreated>;
  /** `DELETE /api/admin/webhooks/:id`, after a confirmation. */
  onRemoveWebhook(id: number): Promise<unknown>;
  /** `POST /api/admin/webhooks/:id/test`: a test event queued. */
  onTestWebhook(id: number): Promise<unknown>;
  /** Show one webhook's delivery log (null: hide it). */
  onShowDeliveries(id: number | null): void;
  /** The delivery log shown, when one is. */
  deliveries?: AdminDeliveryLog | null;
  /** Where a story starts: a dialog open, a token or secret just made. */
  initial?: {
    addingToken?: boolean;
    addingWebhook?: boolean;
    revoking?: string;
    removing?: number;
    createdToken?: { name: string; role: OperatorRole; token: string };
    createdWebhook?: AdminWebhookCreated;
    /** A test event was just queued for this webhook. */
    tested?: number;
  };
}

type Dialog =
  | { kind: 'addToken' }
  | { kind: 'addWebhook' }
  | { kind: 'revoke'; name: string }
  | { kind: 'remove'; id: number }
  | null;

/** How a receiver computes the signature header (a technical name: the same in every language). */
const SIGNATURE_FORMULA = 'sha256=hex(HMAC-SHA256(secret, body))';

const ROLE_TONES = { owner: 'warning', admin: 'info', sales: 'success', support: 'neutral' } as const;
const STATE_TONES = { delivered: 'success', pending: 'warning', failed: 'danger' } as const;

/**
 * The owner's automation (CONTRACTS §13): API tokens (a name and a role; the token shown once;
 * revoked with a confirmation) and webhooks (a URL and its events; the signing secret shown once;
 * removed with a confirmation; a test event; each one's delivery log with state, attempts, last
 * status and error).
 */
export function AdminAutomationScreen({
  tokensStatus,
  tokens,
  onRetryTokens,
  onAddToken,
  onRevokeToken,
  webhooksStatus,
  webhooks,
  onRetryWebhooks,
  onAddWebhook,
  onRemoveWebhook,
  onTestWebhook,
  onShowDeliveries,
  deliveries = null,
  initial = {},
}: AdminAutomationScreenProps) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const [dialog, setDialog] = useState<Dialog>(
    initial.addingToken
      ? { kind: 'addToken' }
      : initial.addingWebhook
        ? { kind: 'addWebhook' }
        : initial.revoking
          ? { kind: 'revoke', name: initial.revoking }
          : initial.removing !== undefined
            ? { kind: 'remove', id: initial.removing }
            : null,
  );
  const [name, setName] = useState('');
  const [role, setRole] = useState<OperatorRole>('support');
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['order.paid']);
  const [fieldError, setFieldError] = useState<{ name?: string; url?: string; events?: string }>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [createdToken, setCreatedToken] = useState(initial.createdToken ?? null);
  const [createdWebhook, setCreatedWebhook] = useState(initial.createdWebhook ?? null);
  const [tested, setTested] = useState<number | null>(initial.tested ?? null);
  const [testFailure, setTestFailure] = useState<string | null>(null);

  const urlOf = (id: number) => webhooks?.find((w) => w.id === id)?.url ?? `#${id}`;
  const eventName = (event: string) =>
    (WEBHOOK_EVENTS as readonly string[]).includes(event) || event === 'test' ? t(`automation.events.${event}`) : event;

  const open = (next: Dialog) => {
    setName('');
    setRole('support');
    setUrl('');
    setEvents(['order.paid']);
    setFieldError({});
    setFailure(null);
    setDialog(next);
  };
  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
      setDialog(null);
    } catch (error) {
      setFailure(adminErrorText(error, t));
    } finally {
      setBusy(false);
    }
  };
  const confirm = () => {
    if (!dialog) return;
    if (dialog.kind === 'revoke') return void act(async () => void (await onRevokeToken(dialog.name)));
    if (dialog.kind === 'remove')
      return void act(async () => {
        await onRemoveWebhook(dialog.id);
        if (deliveries?.webhookId === dialog.id) onShowDeliveries(null);
      });
    if (dialog.kind === 'addToken') {
      const trimmed = name.trim();
      if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(trimmed))
        return setFieldError({ name: t('automation.tokens.nameInvalid') });
      return void act(async () => setCreatedToken(await onAddToken({ name: trimmed, role })));
    }
    const address = url.trim();
    const errors = {
      url: /^https?:\/\/[^\s/]+/i.test(address) ? undefined : t('automation.webhooks.urlInvalid'),
      events: events.length > 0 ? undefined : t('automation.webhooks.eventsRequired'),
    };
    setFieldError(errors);
    if (errors.url || errors.events) return;
    void act(async () => setCreatedWebhook(await onAddWebhook({ url: address, events })));
  };
  const test = async (id: number) => {
    setTested(null);
    setTestFailure(null);
    try {
      await onTestWebhook(id);
      setTested(id);
      onShowDeliveries(id);
    } catch (error) {
      setTestFailure(adminErrorText(error, t));
    }
  };

  return (
    <Stack>
      <AdminPageHeader title={t('automation.title')} subtitle={t('automation.subtitle')} />

      <Section aria-labelledby="admin-tokens-title">
        <SectionHead>
          <div>
            <h2 id="admin-tokens-title">{t('automation.tokens.title')}</h2>
            <p>{t('automation.tokens.text')}</p>
          </div>
          <Button icon="key" onClick={() => open({ kind: 'addToken' })}>
            {t('automation.tokens.add')}
          </Button>
        </SectionHead>
        <AdminDataTable
          caption={t('automation.tokens.title')}
          status={tokensStatus}
          data={tokens ? { items: tokens, total: tokens.length, page: 1, pageSize: tokens.length } : null}
          onRetry={onRetryTokens}
          paginated={false}
          emptyTitle={t('automation.tokens.empty')}
          emptyIcon="key"
          errorTitle={t('automation.tokens.loadError')}
          rowKey={(row) => row.name}
          columns={[
            { key: 'name', header: t('automation.tokens.columns.name'), cell: (row) => <Ltr>{row.name}</Ltr> },
            {
              key: 'role',
              header: t('automation.tokens.columns.role'),
              cell: (row) => <Badge tone={ROLE_TONES[row.role]}>{t(`operators.roles.${row.role}`)}</Badge>,
            },
            {
              key: 'created',
              header: t('automation.tokens.columns.created'),
              cell: (row) => (
                <span>
                  {format.date(row.createdAt)} <Ltr>{row.createdBy}</Ltr>
                </span>
              ),
            },
            {
              key: 'used',
              header: t('automation.tokens.columns.lastUsed'),
              cell: (row) => (row.lastUsedAt ? format.dateTime(row.lastUsedAt) : t('automation.never')),
            },
            {
              key: 'action',
              header: t('common.actions'),
              cell: (row) => (
                <Button
                  size="sm"
                  variant="danger"
                  icon="x"
                  aria-label={t('automation.tokens.revokeLabel', { name: row.name })}
                  onClick={() => open({ kind: 'revoke', name: row.name })}
                >
                  {t('automation.tokens.revoke')}
                </Button>
              ),
            },
          ]}
        />
      </Section>

      <Section aria-labelledby="admin-webhooks-title">
        <SectionHead>
          <div>
            <h2 id="admin-webhooks-title">{t('automation.webhooks.title')}</h2>
            <p>{t('automation.webhooks.text')}</p>
          </div>
          <Button icon="send" onClick={() => open({ kind: 'addWebhook' })}>
            {t('automation.webhooks.add')}
          </Button>
        </SectionHead>
        {tested !== null ? (
          <AdminNotice tone="success">{t('automation.webhooks.tested', { url: urlOf(tested) })}</AdminNotice>
        ) : null}
        {testFailure ? <AdminNotice tone="error">{testFailure}</AdminNotice> : null}
        <AdminDataTable
          caption={t('automation.webhooks.title')}
          status={webhooksStatus}
          data={webhooks ? { items: webhooks, total: webhooks.length, page: 1, pageSize: webhooks.length } : null}
          onRetry={onRetryWebhooks}
          paginated={false}
          emptyTitle={t('automation.webhooks.empty')}
          emptyIcon="send"
          errorTitle={t('automation.webhooks.loadError')}
          rowKey={(row) => String(row.id)}
          columns={[
            { key: 'url', header: t('automation.webhooks.columns.url'), cell: (row) => <Ltr>{row.url}</Ltr> },
            {
              key: 'events',
              header: t('automation.webhooks.columns.events'),
              cell: (row) => (
                <EventList>
                  {row.events.map((event) => (
                    <li key={event}>
                      <Badge tone="neutral">{eventName(event)}</Badge>
                    </li>
                  ))}
                </EventList>
              ),
            },
            {
              key: 'pending',
              header: t('automation.webhooks.columns.pending'),
              cell: (row) => format.number(row.pending),
            },
            {
              key: 'last',
              header: t('automation.webhooks.columns.lastDelivered'),
              cell: (row) => (row.lastDeliveredAt ? format.dateTime(row.lastDeliveredAt) : t('automation.never')),
            },
            {
              key: 'action',
              header: t('common.actions'),
              cell: (row) => (
                <Actions>
                  <Button
                    size="sm"
                    variant="secondary"
                    icon="clock"
                    aria-label={t('automation.webhooks.logLabel', { url: row.url })}
                    aria-pressed={deliveries?.webhookId === row.id}
                    onClick={() => onShowDeliveries(deliveries?.webhookId === row.id ? null : row.id)}
                  >
                    {t('automation.webhooks.log')}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    icon="play"
                    aria-label={t('automation.webhooks.testLabel', { url: row.url })}
                    onClick={() => void test(row.id)}
                  >
                    {t('automation.webhooks.test')}
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    icon="x"
                    aria-label={t('automation.webhooks.removeLabel', { url: row.url })}
                    onClick={() => open({ kind: 'remove', id: row.id })}
                  >
                    {t('common.remove')}
                  </Button>
                </Actions>
              ),
            },
          ]}
        />
      </Section>

      {deliveries ? (
        <Section aria-labelledby="admin-deliveries-title">
          <SectionHead>
            <div>
              <h2 id="admin-deliveries-title">{t('automation.log.title')}</h2>
              <p>
                <Ltr>{urlOf(deliveries.webhookId)}</Ltr>
              </p>
            </div>
            <Button variant="secondary" size="sm" onClick={() => onShowDeliveries(null)}>
              {t('common.close')}
            </Button>
          </SectionHead>
          <AdminDataTable
            caption={t('automation.log.title')}
            status={deliveries.status}
            data={deliveries.data}
            query={deliveries.query}
            onQueryChange={deliveries.onQueryChange}
            onRetry={deliveries.onRetry}
            emptyTitle={t('automation.log.empty')}
            emptyIcon="clock"
            errorTitle={t('automation.log.loadError')}
            rowKey={(row) => String(row.id)}
            columns={[
              { key: 'event', header: t('automation.log.columns.event'), cell: (row) => eventName(row.event) },
              {
                key: 'state',
                header: t('automation.log.columns.state'),
                cell: (row) => <Badge tone={STATE_TONES[row.state]}>{t(`automation.log.states.${row.state}`)}</Badge>,
              },
              {
                key: 'attempts',
                header: t('automation.log.columns.attempts'),
                cell: (row) => format.number(row.attempts),
              },
              {
                key: 'status',
                header: t('automation.log.columns.status'),
                cell: (row) => (row.lastStatus === null ? '—' : <Ltr>{String(row.lastStatus)}</Ltr>),
              },
              {
                key: 'error',
                header: t('automation.log.columns.error'),
                cell: (row) => (row.lastError ? <Ltr>{row.lastError}</Ltr> : '—'),
              },
              {
                key: 'when',
                header: t('automation.log.columns.when'),
                cell: (row) =>
                  row.deliveredAt
                    ? t('automation.log.deliveredAt', { at: format.dateTime(row.deliveredAt) })
                    : row.nextAttemptAt
                      ? t('automation.log.nextAt', { at: format.dateTime(row.nextAttemptAt) })
                      : format.dateTime(row.createdAt),
              },
            ]}
          />
        </Section>
      ) : null}

      {dialog?.kind === 'addToken' ? (
        <AdminDialog
          open
          title={t('automation.tokens.addTitle')}
          confirmLabel={t('automation.tokens.addConfirm')}
          busy={busy}
          error={failure}
          onConfirm={confirm}
          onCancel={() => setDialog(null)}
        >
          <AdminInput
            size="sm"
            label={t('automation.tokens.name')}
            value={name}
            onChange={(value) => {
              setName(value);
              setFieldError({});
            }}
            dir="ltr"
            spellCheck={false}
            autoComplete="off"
            required
            aria-required="true"
            error={fieldError.name}
            hint={t('automation.tokens.nameHint')}
          />
          <AdminSelect
            label={t('automation.tokens.role')}
            value={role}
            options={OPERATOR_ROLES.map((value) => ({ value, label: t(`operators.roles.${value}`) }))}
            onChange={(value) => setRole(value as OperatorRole)}
            hint={t(`operators.roleHints.${role}`)}
          />
        </AdminDialog>
      ) : null}
      {dialog?.kind === 'addWebhook' ? (
        <AdminDialog
          open
          title={t('automation.webhooks.addTitle')}
          confirmLabel={t('automation.webhooks.addConfirm')}
          busy={busy}
          error={failure}
          onConfirm={confirm}
          onCancel={() => setDialog(null)}
        >
          <AdminInput
            size="sm"
            label={t('automation.webhooks.url')}
            value={url}
            onChange={(value) => {
              setUrl(value);
              setFieldError((e) => ({ ...e, url: undefined }));
            }}
            dir="ltr"
            type="url"
            inputMode="url"
            spellCheck={false}
            autoComplete="off"
            required
            aria-required="true"
            error={fieldError.url}
            hint={t('automation.webhooks.urlHint')}
          />
          <Events>
            <legend>{t('automation.webhooks.events')}</legend>
            {WEBHOOK_EVENTS.map((event) => (
              <AdminCheckbox
                key={event}
                label={
                  <>
                    {t(`automation.events.${event}`)} <Ltr>({event})</Ltr>
                  </>
                }
                checked={events.includes(event)}
                onChange={(checked) => {
                  setEvents((now) => (checked ? [...now, event] : now.filter((e) => e !== event)));
                  setFieldError((e) => ({ ...e, events: undefined }));
                }}
              />
            ))}
            {fieldError.events ? <AdminNotice tone="error">{fieldError.events}</AdminNotice> : null}
          </Events>
        </AdminDialog>
      ) : null}
      {dialog?.kind === 'revoke' || dialog?.kind === 'remove' ? (
        <AdminDialog
          open
          tone="danger"
          title={
            dialog.kind === 'revoke'
              ? t('automation.tokens.revokeTitle', { name: dialog.name })
              : t('automation.webhooks.removeTitle')
          }
          confirmLabel={
            dialog.kind === 'revoke' ? t('automation.tokens.revokeConfirm') : t('automation.webhooks.removeConfirm')
          }
          busy={busy}
          error={failure}
          onConfirm={confirm}
          onCancel={() => setDialog(null)}
        >
          {dialog.kind === 'revoke' ? (
            <p>{t('automation.tokens.revokeText')}</p>
          ) : (
            <p>
              {t('automation.webhooks.removeText')} <Ltr>{urlOf(dialog.id)}</Ltr>
            </p>
          )}
        </AdminDialog>
      ) : null}
      <Modal
        open={createdToken !== null}
        onClose={() => setCreatedToken(null)}
        title={t('automation.tokens.createdTitle', { name: createdToken?.name ?? '' })}
        actions={<Button onClick={() => setCreatedToken(null)}>{t('common.done')}</Button>}
      >
        {createdToken ? (
          <>
            <p>{t('automation.tokens.createdText')}</p>
            <ShownOnce label={t('automation.tokens.token')} value={createdToken.token} />
          </>
        ) : null}
      </Modal>
      <Modal
        open={createdWebhook !== null}
        onClose={() => setCreatedWebhook(null)}
        title={t('automation.webhooks.createdTitle')}
        actions={<Button onClick={() => setCreatedWebhook(null)}>{t('common.done')}</Button>}
      >
        {createdWebhook ? (
          <>
            <p>{t('automation.webhooks.createdText')}</p>
            <p>
              <Ltr>
                <code>{SIGNATURE_FORMULA}</code>
              </Ltr>
            </p>
            <ShownOnce label={t('automation.webhooks.secret')} value={createdWebhook.secret} />
          </>
        ) : null}
      </Modal>
    </Stack>
  );
}

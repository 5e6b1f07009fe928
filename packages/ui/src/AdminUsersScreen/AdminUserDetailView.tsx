import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { maxPasswordLength, type AdminUserAction, type AdminUserDetail, MB } from '@separ/domain';
import { AdminDialog } from '../AdminDialog';
import { AdminInput } from '../AdminField';
import { adminErrorText } from '../AdminNotice';
import { ShownOnce } from '../AdminShownOnce';
import { AdminPageHeader } from '../AdminPageHeader';
import { Facts, Muted, Quiet, RowLink, Section, Stack } from '../AdminDataTable/AdminScreen.styles';
import { OrderStateBadge } from '../AdminOrdersScreen/OrderStateBadge';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { CopyButton } from '../CopyButton';
import { ErrorView } from '../ErrorView';
import { useFormat } from '../format';
import { Ltr } from '../Layout';
import { Modal } from '../Modal';
import { AppLink } from '../provider';
import { Spinner } from '../Spinner';
import { Table } from '../Table';
import { Actions, Meter } from './AdminUserDetailView.styles';
import { usageText } from './AdminUsersScreen';
import { checkNewPassword, MAX_ADD_MB, MAX_EXTEND_DAYS, parseWholeNumber } from './adminUserForms';
import { UserStatusBadge } from './UserStatusBadge';

type ActionName = AdminUserAction['action'];

export interface AdminUserDetailViewProps {
  status: 'loading' | 'error' | 'ready';
  /** `GET /api/admin/users/:username`; null while it loads. */
  user: AdminUserDetail | null;
  onRetry(): void;
  /** The accounts list (with the container's last query). */
  backTo: string;
  /** The address of an order's page; without it the account's orders are not links. */
  orderTo?(resNum: string): string;
  /**
   * Runs an action (`POST /api/admin/users/:username/:action`). Resolve with the answer
   * (`AdminUserDetail & { password? }`: a reset's new password is shown once) and refresh `user`;
   * reject with the error (a string, an Error or RTK Query's `{ data: { message } }`): the dialog
   * stays open and says it.
   */
  onAction(action: AdminUserAction): Promise<{ password?: string } | void>;
  /** Opens this dialog at first (stories). */
  initialDialog?: ActionName | null;
}

/**
 * One account: status, expiry, data used, devices and orders, with the operator's actions: suspend
 * or unsuspend, extend by days, add data (MB), reset the password (the new one shown once) and end
 * every device's session; each confirmed in a dialog.
 */
export function AdminUserDetailView({
  status,
  user,
  onRetry,
  backTo,
  orderTo,
  onAction,
  initialDialog = null,
}: AdminUserDetailViewProps) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const [dialog, setDialog] = useState<ActionName | null>(initialDialog);
  const [days, setDays] = useState('30');
  const [mb, setMb] = useState('');
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<string | null>(null);

  const back = { to: backTo, label: t('users.back') };
  if (status === 'loading' || (status === 'ready' && !user)) {
    return (
      <>
        <AdminPageHeader title={t('users.detailTitle')} back={back} />
        <Spinner block label={t('users.loadingOne')} />
      </>
    );
  }
  if (status === 'error' || !user) {
    return (
      <>
        <AdminPageHeader title={t('users.detailTitle')} back={back} />
        <ErrorView title={t('users.loadOneError')} retryLabel={t('common.retry')} onRetry={onRetry} />
      </>
    );
  }

  const open = (name: ActionName) => {
    setDialog(name);
    setFieldError(null);
    setFailure(null);
    if (name === 'add-data') setMb('');
    if (name === 'reset-password') setPassword('');
    if (name === 'extend') setDays('30');
  };
  const close = () => {
    if (busy) return;
    setDialog(null);
  };
  const run = async (action: AdminUserAction) => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await onAction(action);
      setDialog(null);
      if (action.action === 'reset-password' && answer && answer.password) setRevealed(answer.password);
    } catch (error) {
      setFailure(adminErrorText(error, t));
    } finally {
      setBusy(false);
    }
  };
  const numberError = (error: string, max: number) => t(`forms.number.${error}`, { max: format.number(max) });
  const confirm = () => {
    if (!dialog) return;
    if (dialog === 'extend') {
      const parsed = parseWholeNumber(days, 1, MAX_EXTEND_DAYS);
      if (!parsed.ok) return setFieldError(numberError(parsed.error, MAX_EXTEND_DAYS));
      return void run({ action: 'extend', days: parsed.value });
    }
    if (dialog === 'add-data') {
      const parsed = parseWholeNumber(mb, 1, MAX_ADD_MB);
      if (!parsed.ok) return setFieldError(numberError(parsed.error, MAX_ADD_MB));
      return void run({ action: 'add-data', mb: parsed.value });
    }
    if (dialog === 'reset-password') {
      const problem = checkNewPassword(password, user.username);
      if (problem)
        return setFieldError(t(`forms.password.${problem}`, { max: format.number(maxPasswordLength(user.username)) }));
      return void run(password ? { action: 'reset-password', password } : { action: 'reset-password' });
    }
    void run({ action: dialog });
  };

  const usedMB = user.usedBytes / MB;
  const suspended = user.status === 'suspended';
  const name = user.username;
  const dialogs: Record<ActionName, { title: string; confirm: string; danger: boolean; body: ReactNode }> = {
    suspend: {
      title: t('users.actions.suspendTitle', { name }),
      confirm: t('users.actions.suspend'),
      danger: true,
      body: <p>{t('users.actions.suspendText')}</p>,
    },
    unsuspend: {
      title: t('users.actions.unsuspendTitle', { name }),
      confirm: t('users.actions.unsuspend'),
      danger: false,
      body: <p>{t('users.actions.unsuspendText')}</p>,
    },
    extend: {
      title: t('users.actions.extendTitle', { name }),
      confirm: t('users.actions.extendConfirm'),
      danger: false,
      body: (
        <AdminInput
          size="sm"
          label={t('users.actions.days')}
          value={days}
          onChange={(v) => {
            setDays(v);
            setFieldError(null);
          }}
          inputMode="numeric"
          dir="ltr"
          autoComplete="off"
          error={fieldError}
          hint={
            user.expireDate
              ? t('users.actions.extendHint', { date: format.date(user.expireDate) })
              : t('users.actions.extendPendingHint', { days: format.number(user.pendingDays) })
          }
        />
      ),
    },
    'add-data': {
      title: t('users.actions.addDataTitle', { name }),
      confirm: t('users.actions.addDataConfirm'),
      danger: false,
      body: (
        <AdminInput
          size="sm"
          label={t('users.actions.mb')}
          value={mb}
          onChange={(v) => {
            setMb(v);
            setFieldError(null);
          }}
          inputMode="numeric"
          dir="ltr"
          autoComplete="off"
          error={fieldError}
          hint={t('users.actions.mbHint')}
        />
      ),
    },
    'reset-password': {
      title: t('users.actions.resetTitle', { name }),
      confirm: t('users.actions.resetConfirm'),
      danger: true,
      body: (
        <>
          <p>{t('users.actions.resetText')}</p>
          <AdminInput
            size="sm"
            label={t('users.actions.newPassword')}
            value={password}
            onChange={(v) => {
              setPassword(v);
              setFieldError(null);
            }}
            dir="ltr"
            autoComplete="new-password"
            spellCheck={false}
            error={fieldError}
            hint={t('users.actions.newPasswordHint')}
          />
        </>
      ),
    },
    'end-devices': {
      title: t('users.actions.endTitle', { name }),
      confirm: t('users.actions.endConfirm'),
      danger: true,
      body: (
        <p>
          {t('users.actions.endText', {
            count: user.devicesList.length,
            devices: format.number(user.devicesList.length),
          })}
        </p>
      ),
    },
  };
  const current = dialog ? dialogs[dialog] : null;

  return (
    <Stack>
      <AdminPageHeader
        title={<Ltr>{user.username}</Ltr>}
        badge={<UserStatusBadge status={user.status} />}
        subtitle={user.email ? <Ltr>{user.email}</Ltr> : t('users.noEmail')}
        back={back}
      />
      <Facts>
        <div>
          <dt>{t('users.columns.expires')}</dt>
          <dd>
            {user.expireDate
              ? format.date(user.expireDate)
              : t('users.pendingDays', { days: format.number(user.pendingDays) })}
          </dd>
        </div>
        <div>
          <dt>{t('users.columns.usage')}</dt>
          <dd>
            {usageText(format, user.usedBytes, user.allowedMB, (used, allowed) =>
              t('users.usageOf', { used, allowed }),
            )}
          </dd>
          {user.allowedMB > 0 ? (
            <Meter $ratio={usedMB / user.allowedMB} $full={usedMB >= user.allowedMB} aria-hidden="true" />
          ) : null}
        </div>
        <div>
          <dt>{t('users.columns.devices')}</dt>
          <dd>
            {t('users.devicesOf', { used: format.number(user.devices), allowed: format.number(user.allowedDevices) })}
          </dd>
        </div>
        <div>
          <dt>{t('users.plan')}</dt>
          <dd>
            {user.planId === null ? '—' : t('users.planNumber', { id: format.number(user.planId) })}
            {user.ios ? <> · {t('users.ios')}</> : null}
          </dd>
        </div>
        <div>
          <dt>{t('users.columns.created')}</dt>
          <dd>{format.dateTime(user.createdAt)}</dd>
        </div>
        <div>
          <dt>{t('users.subscription')}</dt>
          <dd>
            <CopyButton
              text={user.subUrl}
              label={t('users.copySubscription')}
              copiedLabel={t('common.copied')}
              size="sm"
            />
          </dd>
        </div>
      </Facts>

      <Section aria-labelledby="admin-user-actions">
        <h2 id="admin-user-actions">{t('users.actions.title')}</h2>
        <Actions>
          {suspended ? (
            <Button size="sm" icon="check" onClick={() => open('unsuspend')}>
              {t('users.actions.unsuspend')}
            </Button>
          ) : (
            <Button size="sm" variant="danger" icon="ban" onClick={() => open('suspend')}>
              {t('users.actions.suspend')}
            </Button>
          )}
          <Button size="sm" variant="secondary" icon="clock" onClick={() => open('extend')}>
            {t('users.actions.extend')}
          </Button>
          <Button size="sm" variant="secondary" icon="database" onClick={() => open('add-data')}>
            {t('users.actions.addData')}
          </Button>
          <Button size="sm" variant="secondary" icon="key" onClick={() => open('reset-password')}>
            {t('users.actions.reset')}
          </Button>
          <Button
            size="sm"
            variant="danger"
            icon="devices"
            onClick={() => open('end-devices')}
            disabled={user.devicesList.length === 0}
          >
            {t('users.actions.end')}
          </Button>
        </Actions>
      </Section>

      <Section aria-labelledby="admin-user-devices">
        <h2 id="admin-user-devices">{t('users.devicesTitle')}</h2>
        {user.devicesList.length === 0 ? (
          <Muted>{t('users.noDevices')}</Muted>
        ) : (
          <Quiet>
            <Table
              caption={t('users.devicesTitle')}
              rows={user.devicesList}
              rowKey={(device) => device.id}
              columns={[
                {
                  key: 'kind',
                  header: t('users.device.kind'),
                  cell: (device) => (
                    <Badge tone={device.kind === 'openconnect' ? 'accent' : 'info'}>
                      {t(`users.device.kinds.${device.kind}`)}
                    </Badge>
                  ),
                },
                { key: 'info', header: t('users.device.info'), cell: (device) => <Ltr>{device.info}</Ltr> },
                { key: 'since', header: t('users.device.since'), cell: (device) => format.dateTime(device.since) },
              ]}
            />
          </Quiet>
        )}
      </Section>

      <Section aria-labelledby="admin-user-orders">
        <h2 id="admin-user-orders">{t('users.ordersTitle')}</h2>
        {user.orders.length === 0 ? (
          <Muted>{t('users.noOrders')}</Muted>
        ) : (
          <Quiet>
            <Table
              caption={t('users.ordersTitle')}
              rows={user.orders}
              rowKey={(order) => order.resNum}
              columns={[
                {
                  key: 'resNum',
                  header: t('orders.columns.resNum'),
                  cell: (order) =>
                    orderTo ? (
                      <RowLink>
                        <AppLink to={orderTo(order.resNum)}>
                          <Ltr>{order.resNum}</Ltr>
                        </AppLink>
                      </RowLink>
                    ) : (
                      <Ltr>{order.resNum}</Ltr>
                    ),
                },
                {
                  key: 'state',
                  header: t('orders.columns.state'),
                  cell: (order) => <OrderStateBadge state={order.state} />,
                },
                { key: 'amount', header: t('orders.columns.amount'), cell: (order) => format.toman(order.amount) },
                {
                  key: 'created',
                  header: t('orders.columns.created'),
                  cell: (order) => format.dateTime(order.createdAt),
                },
              ]}
            />
          </Quiet>
        )}
      </Section>

      {current ? (
        <AdminDialog
          open
          title={current.title}
          confirmLabel={current.confirm}
          tone={current.danger ? 'danger' : 'primary'}
          busy={busy}
          error={failure}
          onConfirm={confirm}
          onCancel={close}
        >
          {current.body}
        </AdminDialog>
      ) : null}

      <Modal
        open={revealed !== null}
        onClose={() => setRevealed(null)}
        title={t('users.actions.newPasswordTitle', { name })}
        actions={<Button onClick={() => setRevealed(null)}>{t('common.done')}</Button>}
      >
        {revealed ? <ShownOnce label={t('users.actions.newPasswordLabel')} value={revealed} /> : null}
      </Modal>
    </Stack>
  );
}

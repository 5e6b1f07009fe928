import { useState, type ReactNode } from 'react';
import { useAdminMay } from '../AdminLayout/adminRole';
import { useTranslation } from 'react-i18next';
import { maxPasswordLength, type AdminUserAction, type AdminUserDetail, MB } from '@separ/domain';
import { AdminDialog } from '../AdminDialog';
import { AdminInput, type AdminInputProps } from '../AdminField';
import { adminErrorText } from '../AdminNotice';
import { ShownOnce } from '../AdminShownOnce';
import { AdminPageHeader, AdminPagePending, type AdminRecordProps } from '../AdminPageHeader';
import { Facts, Section, Stack } from '../AdminDataTable/AdminScreen.styles';
import { TableSection } from '../AdminDataTable/TableSection';
import { RecordLink } from '../AdminDataTable/RecordLink';
import { OrderStateBadge } from '../AdminOrdersScreen/OrderStateBadge';
import { Badge } from '../Badge';
import { Button, type ButtonVariant } from '../Button';
import { CopyButton } from '../CopyButton';
import { useFormat } from '../format';
import type { IconName } from '../icons';
import { Fact, Ltr } from '../Layout';
import { Modal } from '../Modal';
import { Actions, Meter } from './AdminUserDetailView.styles';
import { usageText } from './AdminUsersScreen';
import { checkNewPassword, MAX_ADD_MB, MAX_EXTEND_DAYS, parseWholeNumber } from './adminUserForms';
import { UserStatusBadge } from './UserStatusBadge';

type ActionName = AdminUserAction['action'];

/**
 * Each action: its button (look, and its label's key under `users.actions`) and its dialog (the
 * keys of its title and confirm button, and whether it is dangerous).
 */
const DIALOGS: Record<
  ActionName,
  { variant: ButtonVariant; icon: IconName; label: string; title: string; confirm: string; danger: boolean }
> = {
  suspend: {
    variant: 'danger',
    icon: 'ban',
    label: 'suspend',
    title: 'suspendTitle',
    confirm: 'suspend',
    danger: true,
  },
  unsuspend: {
    variant: 'primary',
    icon: 'check',
    label: 'unsuspend',
    title: 'unsuspendTitle',
    confirm: 'unsuspend',
    danger: false,
  },
  extend: {
    variant: 'secondary',
    icon: 'clock',
    label: 'extend',
    title: 'extendTitle',
    confirm: 'extendConfirm',
    danger: false,
  },
  'add-data': {
    variant: 'secondary',
    icon: 'database',
    label: 'addData',
    title: 'addDataTitle',
    confirm: 'addDataConfirm',
    danger: false,
  },
  'reset-password': {
    variant: 'secondary',
    icon: 'key',
    label: 'reset',
    title: 'resetTitle',
    confirm: 'resetConfirm',
    danger: true,
  },
  'end-devices': {
    variant: 'danger',
    icon: 'devices',
    label: 'end',
    title: 'endTitle',
    confirm: 'endConfirm',
    danger: true,
  },
};

export interface AdminUserDetailViewProps extends AdminRecordProps {
  /** `GET /api/admin/users/:username`; null while it loads. */
  user: AdminUserDetail | null;
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
  const may = useAdminMay();
  const [dialog, setDialog] = useState<ActionName | null>(initialDialog);
  const [days, setDays] = useState('30');
  const [mb, setMb] = useState('');
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<string | null>(null);

  const back = { to: backTo, label: t('users.back') };
  if (status !== 'ready' || !user)
    return <AdminPagePending texts="users" status={status} onRetry={onRetry} backTo={backTo} />;

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

  /** The dialog's one field: typing in it clears the field's error. */
  const dialogInput = (
    label: string,
    value: string,
    change: (value: string) => void,
    props: Partial<AdminInputProps> & { hint: string },
  ) => (
    <AdminInput
      size="sm"
      label={label}
      value={value}
      onChange={(typed) => {
        change(typed);
        setFieldError(null);
      }}
      dir="ltr"
      error={fieldError}
      {...props}
    />
  );
  const usedMB = user.usedBytes / MB;
  const suspended = user.status === 'suspended';
  const name = user.username;
  const bodies: Record<ActionName, ReactNode> = {
    suspend: <p>{t('users.actions.suspendText')}</p>,
    unsuspend: <p>{t('users.actions.unsuspendText')}</p>,
    extend: dialogInput(t('users.actions.days'), days, setDays, {
      inputMode: 'numeric',
      autoComplete: 'off',
      hint: user.expireDate
        ? t('users.actions.extendHint', { date: format.date(user.expireDate) })
        : t('users.actions.extendPendingHint', { days: format.number(user.pendingDays) }),
    }),
    'add-data': dialogInput(t('users.actions.mb'), mb, setMb, {
      inputMode: 'numeric',
      autoComplete: 'off',
      hint: t('users.actions.mbHint'),
    }),
    'reset-password': (
      <>
        <p>{t('users.actions.resetText')}</p>
        {dialogInput(t('users.actions.newPassword'), password, setPassword, {
          autoComplete: 'new-password',
          spellCheck: false,
          hint: t('users.actions.newPasswordHint'),
        })}
      </>
    ),
    'end-devices': (
      <p>
        {t('users.actions.endText', {
          count: user.devicesList.length,
          devices: format.number(user.devicesList.length),
        })}
      </p>
    ),
  };
  const current = dialog ? DIALOGS[dialog] : null;

  return (
    <Stack>
      <AdminPageHeader
        title={<Ltr>{user.username}</Ltr>}
        badge={<UserStatusBadge status={user.status} />}
        subtitle={user.email ? <Ltr>{user.email}</Ltr> : t('users.noEmail')}
        back={back}
      />
      <Facts>
        <Fact label={t('users.columns.expires')}>
          {user.expireDate
            ? format.date(user.expireDate)
            : t('users.pendingDays', { days: format.number(user.pendingDays) })}
        </Fact>
        <Fact
          label={t('users.columns.usage')}
          after={
            user.allowedMB > 0 ? (
              <Meter $ratio={usedMB / user.allowedMB} $full={usedMB >= user.allowedMB} aria-hidden="true" />
            ) : null
          }
        >
          {usageText(format, user.usedBytes, user.allowedMB, (used, allowed) => t('users.usageOf', { used, allowed }))}
        </Fact>
        <Fact label={t('users.columns.devices')}>
          {t('users.devicesOf', { used: format.number(user.devices), allowed: format.number(user.allowedDevices) })}
        </Fact>
        <Fact label={t('users.plan')}>
          {user.planId === null ? '—' : t('users.planNumber', { id: format.number(user.planId) })}
          {user.ios ? <> · {t('users.ios')}</> : null}
        </Fact>
        {user.reset ? (
          <Fact label={t(`users.reset.every.${user.reset}`)}>
            {user.nextResetAt ? format.dateTime(user.nextResetAt) : t('users.reset.none')}
          </Fact>
        ) : null}
        <Fact label={t('users.columns.created')}>{format.dateTime(user.createdAt)}</Fact>
        <Fact label={t('users.subscription')}>
          <CopyButton
            text={user.subUrl}
            label={t('users.copySubscription')}
            copiedLabel={t('common.copied')}
            size="sm"
          />
        </Fact>
      </Facts>

      <Section aria-labelledby="admin-user-actions">
        <h2 id="admin-user-actions">{t('users.actions.title')}</h2>
        <Actions>
          {([suspended ? 'unsuspend' : 'suspend', 'extend', 'add-data', 'reset-password', 'end-devices'] as const)
            // Only the actions the operator's role may take (support: a new password, ending devices).
            .filter((action) => may(`POST /api/admin/users/:username/${action}`))
            .map((action) => {
              const { variant, icon, label } = DIALOGS[action];
              return (
                <Button
                  key={action}
                  size="sm"
                  variant={variant}
                  icon={icon}
                  onClick={() => open(action)}
                  disabled={action === 'end-devices' && user.devicesList.length === 0}
                >
                  {t(`users.actions.${label}`)}
                </Button>
              );
            })}
        </Actions>
      </Section>

      <TableSection
        id="admin-user-devices"
        title={t('users.devicesTitle')}
        none={t('users.noDevices')}
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

      <TableSection
        id="admin-user-orders"
        title={t('users.ordersTitle')}
        none={t('users.noOrders')}
        rows={user.orders}
        rowKey={(order) => order.resNum}
        columns={[
          {
            key: 'resNum',
            header: t('orders.columns.resNum'),
            cell: (order) => <RecordLink name={order.resNum} to={orderTo?.(order.resNum)} />,
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

      {user.usagePeriods ? (
        <TableSection
          id="admin-user-periods"
          title={t('users.reset.periodsTitle')}
          none=""
          rows={user.usagePeriods}
          rowKey={(period) => period.endedAt}
          columns={[
            { key: 'from', header: t('users.reset.from'), cell: (period) => format.dateTime(period.startedAt) },
            { key: 'to', header: t('users.reset.to'), cell: (period) => format.dateTime(period.endedAt) },
            { key: 'used', header: t('users.reset.used'), cell: (period) => format.data(period.usedBytes / MB) },
          ]}
        />
      ) : null}

      {dialog && current ? (
        <AdminDialog
          open
          title={t(`users.actions.${current.title}`, { name })}
          confirmLabel={t(`users.actions.${current.confirm}`)}
          tone={current.danger ? 'danger' : 'primary'}
          busy={busy}
          error={failure}
          onConfirm={confirm}
          onCancel={close}
        >
          {bodies[dialog]}
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

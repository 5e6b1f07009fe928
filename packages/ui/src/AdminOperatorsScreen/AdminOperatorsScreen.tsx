import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_OPERATOR_ROLE,
  OPERATOR_ROLES,
  roleMayUse,
  type AdminOperator,
  type AdminOperatorCreated,
  type AdminOperatorRow,
  type AdminTotpSetup,
  type OperatorRole,
} from '@separ/domain';
import { AdminDataTable } from '../AdminDataTable';
import { AdminDialog } from '../AdminDialog';
import { AdminInput, AdminSelect, type AdminInputProps } from '../AdminField';
import { AdminNotice, adminErrorText } from '../AdminNotice';
import { ShownOnce } from '../AdminShownOnce';
import { AdminPageHeader } from '../AdminPageHeader';
import { Section, Stack } from '../AdminDataTable/AdminScreen.styles';
import { ProtectionBadge } from '../AdminLayout/adminParts';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { useFormat } from '../format';
import { Ltr } from '../Layout';
import { Modal } from '../Modal';
import { QrCode } from '../QrCode';
import {
  checkNewOperator,
  codeRefusal,
  groupSecret,
  normalizeOtp,
  type CodeRefusal,
  type OperatorFormError,
} from './adminOperatorForms';
import { Actions, CodeForm, Enrol, Ok, TotpCard } from './AdminOperatorsScreen.styles';

export interface AdminOperatorsScreenProps {
  status: 'loading' | 'error' | 'ready';
  /** `GET /api/admin/operators` (`items`); null before the first answer. */
  operators: AdminOperatorRow[] | null;
  onRetry(): void;
  /** The signed-in operator (`GET /api/admin/me`): not removable here; the one-time code card is theirs. */
  me: AdminOperator;
  /**
   * `POST /api/admin/operators`: resolve with the answer (its password is shown once); reject with
   * the error (its `code`, e.g. `otp_required`, `bad_otp`, is read). `code` is the signed-in
   * operator's current one-time code, asked while their codes are on.
   */
  onAdd(input: {
    username: string;
    password?: string;
    role?: OperatorRole;
    code?: string;
  }): Promise<AdminOperatorCreated>;
  /** `PUT /api/admin/operators/:username/role`, after a confirmation (the owner's alone). */
  onSetRole(username: string, role: OperatorRole): Promise<unknown>;
  /** `DELETE /api/admin/operators/:username`, after a confirmation. */
  onRemove(username: string): Promise<unknown>;
  /**
   * `POST /api/admin/operators/:username/unlock`, after a confirmation: lifts the lock of too many
   * wrong one-time codes (rows with `locked`; never the signed-in operator's own).
   */
  onUnlock(username: string): Promise<unknown>;
  /** `POST /api/admin/totp/setup`: a new secret to scan; with codes on, the current `code` (a new phone). */
  onTotpSetup(code?: string): Promise<AdminTotpSetup>;
  /** `POST /api/admin/totp/enable` with a code from the app; resolve once on (refresh `me`). */
  onTotpEnable(code: string): Promise<unknown>;
  /** `POST /api/admin/totp/disable` with a current code. */
  onTotpDisable(code: string): Promise<unknown>;
  /** Where a story starts: a dialog open, a created operator, a secret to scan. */
  initial?: {
    adding?: boolean;
    removing?: string;
    unlocking?: string;
    /** The change-role dialog open for this operator. */
    roleOf?: string;
    created?: AdminOperatorCreated;
    setup?: AdminTotpSetup;
  };
}

type Dialog = { kind: 'add' } | { kind: 'remove' | 'unlock' | 'role'; username: string } | null;

/** How a row's actions look (each confirmed in a dialog of the same tone). */
const ROW_ACTIONS = {
  role: { variant: 'secondary', icon: 'user' },
  unlock: { variant: 'secondary', icon: 'key' },
  remove: { variant: 'danger', icon: 'x' },
} as const;

/** How a role's badge looks in the list. */
const ROLE_TONES = { owner: 'warning', admin: 'info', sales: 'success', support: 'neutral' } as const;

/**
 * The operators: the list with each one's one-time code state, lock and last sign-in, adding one
 * (its password shown once; the signed-in operator's current code while their codes are on),
 * removing one and lifting a lock of wrong codes, each confirmed; and the signed-in operator's own
 * one-time codes: the secret as a QR code and text, then a six-digit code to turn them on; once on,
 * the current code moves them to a new phone or turns them off.
 */
export function AdminOperatorsScreen({
  status,
  operators,
  onRetry,
  me,
  onAdd,
  onRemove,
  onUnlock,
  onSetRole,
  onTotpSetup,
  onTotpEnable,
  onTotpDisable,
  initial = {},
}: AdminOperatorsScreenProps) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const [dialog, setDialog] = useState<Dialog>(
    initial.adding
      ? { kind: 'add' }
      : initial.removing
        ? { kind: 'remove', username: initial.removing }
        : initial.unlocking
          ? { kind: 'unlock', username: initial.unlocking }
          : initial.roleOf
            ? { kind: 'role', username: initial.roleOf }
            : null,
  );
  /** The role the add or change-role dialog has chosen. */
  const [role, setRole] = useState<OperatorRole>(
    initial.roleOf
      ? (operators?.find((o) => o.username === initial.roleOf)?.role ?? DEFAULT_OPERATOR_ROLE)
      : DEFAULT_OPERATOR_ROLE,
  );
  /** Only the owner manages operators (CONTRACTS §13); every role has its own one-time codes here. */
  const manages = roleMayUse(me.role, 'GET /api/admin/operators');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ username?: OperatorFormError; password?: OperatorFormError }>({});
  const [codeError, setCodeError] = useState<string | null>(null);
  /** The server asked for a code the screen did not know was needed (codes turned on elsewhere). */
  const [codeAsked, setCodeAsked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<AdminOperatorCreated | null>(initial.created ?? null);
  const needsCode = me.totpEnabled || codeAsked;

  const openAdd = () => {
    setUsername('');
    setPassword('');
    setCode('');
    setErrors({});
    setCodeError(null);
    setFailure(null);
    setRole(DEFAULT_OPERATOR_ROLE);
    setDialog({ kind: 'add' });
  };
  const open = (kind: 'remove' | 'unlock' | 'role', name: string) => {
    setFailure(null);
    if (kind === 'role') setRole(operators?.find((o) => o.username === name)?.role ?? DEFAULT_OPERATOR_ROLE);
    setDialog({ kind, username: name });
  };
  const roleChoice = (hint?: string) => (
    <AdminSelect
      size="sm"
      label={t('operators.role')}
      value={role}
      options={OPERATOR_ROLES.map((value) => ({ value, label: t(`operators.roles.${value}`) }))}
      onChange={(value) => setRole(value as OperatorRole)}
      hint={hint ?? t(`operators.roleHints.${role}`)}
    />
  );
  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
      setDialog(null);
    } catch (error) {
      const refusal = codeRefusal(error);
      // A missing or wrong current code belongs to its field; a lock or anything else to the dialog.
      if (dialog?.kind === 'add' && (refusal === 'otp_required' || refusal === 'bad_otp')) {
        setCodeAsked(true);
        setCodeError(t(`operators.codeErrors.${refusal}`));
      } else setFailure(refusal ? t(`operators.codeErrors.${refusal}`) : adminErrorText(error, t));
    } finally {
      setBusy(false);
    }
  };
  const confirm = () => {
    if (!dialog) return;
    if (dialog.kind === 'remove') return void act(async () => void (await onRemove(dialog.username)));
    if (dialog.kind === 'unlock') return void act(async () => void (await onUnlock(dialog.username)));
    if (dialog.kind === 'role') return void act(async () => void (await onSetRole(dialog.username, role)));
    const found = checkNewOperator(username, password);
    setErrors(found);
    const otp = needsCode ? normalizeOtp(code) : null;
    const badCode = needsCode && otp === null;
    setCodeError(badCode ? t('operators.totp.codeInvalid') : null);
    if (found.username || found.password || badCode) return;
    void act(async () => {
      const answer = await onAdd({
        username: username.trim(),
        ...(password ? { password } : {}),
        role,
        ...(otp ? { code: otp } : {}),
      });
      setCreated(answer);
    });
  };

  /** A field of the add dialog: typing in it clears its error. */
  const newOperatorField = (
    field: 'username' | 'password',
    value: string,
    change: (value: string) => void,
    props: Partial<AdminInputProps>,
  ) => (
    <AdminInput
      size="sm"
      label={t(`operators.${field}`)}
      value={value}
      onChange={(typed) => {
        change(typed);
        setErrors((e) => ({ ...e, [field]: undefined }));
      }}
      dir="ltr"
      spellCheck={false}
      error={errors[field] ? t(`operators.errors.${errors[field]}`) : undefined}
      hint={t(`operators.${field}Hint`)}
      {...props}
    />
  );

  if (!manages)
    return (
      <Stack>
        <AdminPageHeader
          title={t('operators.ownTitle')}
          subtitle={t('operators.ownSubtitle', { role: t(`operators.roles.${me.role}`) })}
        />
        <TotpSection
          me={me}
          onSetup={onTotpSetup}
          onEnable={onTotpEnable}
          onDisable={onTotpDisable}
          initialSetup={initial.setup ?? null}
        />
      </Stack>
    );

  return (
    <Stack>
      <AdminPageHeader
        title={t('operators.title')}
        subtitle={t('operators.subtitle')}
        actions={
          <Button icon="user" onClick={openAdd}>
            {t('operators.add')}
          </Button>
        }
      />
      <AdminDataTable
        caption={t('operators.title')}
        status={status}
        data={operators ? { items: operators, total: operators.length, page: 1, pageSize: operators.length } : null}
        query={{}}
        onQueryChange={() => undefined}
        onRetry={onRetry}
        paginated={false}
        emptyTitle={t('operators.emptyTitle')}
        emptyIcon="user"
        errorTitle={t('operators.loadError')}
        rowKey={(row) => String(row.id)}
        columns={[
          {
            key: 'username',
            header: t('operators.columns.username'),
            cell: (row) => (
              <span>
                <Ltr>{row.username}</Ltr>{' '}
                {row.username === me.username ? <Badge tone="info">{t('operators.you')}</Badge> : null}{' '}
                {row.locked ? (
                  <Badge tone="danger" icon="lock">
                    {t('operators.locked')}
                  </Badge>
                ) : null}
              </span>
            ),
          },
          {
            key: 'role',
            header: t('operators.columns.role'),
            cell: (row) => <Badge tone={ROLE_TONES[row.role]}>{t(`operators.roles.${row.role}`)}</Badge>,
          },
          {
            key: 'totp',
            header: t('operators.columns.totp'),
            cell: (row) => (
              <ProtectionBadge on={row.totpEnabled}>
                {t(row.totpEnabled ? 'operators.totpOn' : 'operators.totpOff')}
              </ProtectionBadge>
            ),
          },
          { key: 'created', header: t('operators.columns.created'), cell: (row) => format.date(row.createdAt) },
          {
            key: 'last',
            header: t('operators.columns.lastLogin'),
            cell: (row) => (row.lastLoginAt ? format.dateTime(row.lastLoginAt) : t('operators.never')),
          },
          {
            key: 'action',
            header: t('operators.columns.action'),
            cell: (row) =>
              row.username === me.username ? (
                '—'
              ) : (
                <Actions>
                  {(row.locked ? (['role', 'unlock', 'remove'] as const) : (['role', 'remove'] as const)).map(
                    (kind) => (
                      <Button
                        key={kind}
                        size="sm"
                        {...ROW_ACTIONS[kind]}
                        aria-label={t(`operators.${kind}Label`, { name: row.username })}
                        onClick={() => open(kind, row.username)}
                      >
                        {t(`operators.${kind}`)}
                      </Button>
                    ),
                  )}
                </Actions>
              ),
          },
        ]}
      />

      <TotpSection
        me={me}
        onSetup={onTotpSetup}
        onEnable={onTotpEnable}
        onDisable={onTotpDisable}
        initialSetup={initial.setup ?? null}
      />

      {dialog?.kind === 'add' ? (
        <AdminDialog
          open
          title={t('operators.addTitle')}
          confirmLabel={t('operators.addConfirm')}
          busy={busy}
          error={failure}
          onConfirm={confirm}
          onCancel={() => setDialog(null)}
        >
          {newOperatorField('username', username, setUsername, {
            autoComplete: 'off',
            required: true,
            'aria-required': 'true',
          })}
          {newOperatorField('password', password, setPassword, { type: 'text', autoComplete: 'new-password' })}
          {roleChoice()}
          {needsCode ? (
            <CodeInput
              label={t('operators.currentCode')}
              value={code}
              onChange={(value) => {
                setCode(value);
                setCodeError(null);
              }}
              error={codeError}
              hint={t('operators.currentCodeHint')}
            />
          ) : null}
        </AdminDialog>
      ) : null}
      {dialog && dialog.kind !== 'add' ? (
        <AdminDialog
          open
          title={t(`operators.${dialog.kind}Title`, { name: dialog.username })}
          confirmLabel={t(`operators.${dialog.kind}Confirm`)}
          tone={ROW_ACTIONS[dialog.kind].variant === 'danger' ? 'danger' : undefined}
          busy={busy}
          error={failure}
          onConfirm={confirm}
          onCancel={() => setDialog(null)}
        >
          <p>{t(`operators.${dialog.kind}Text`, { name: dialog.username })}</p>
          {dialog.kind === 'role' ? roleChoice() : null}
        </AdminDialog>
      ) : null}
      <Modal
        open={created !== null}
        onClose={() => setCreated(null)}
        title={t('operators.createdTitle', { name: created?.operator.username ?? '' })}
        actions={<Button onClick={() => setCreated(null)}>{t('common.done')}</Button>}
      >
        {created ? (
          <>
            <p>{t('operators.createdText')}</p>
            <ShownOnce label={t('operators.createdPassword')} value={created.password} />
          </>
        ) : null}
      </Modal>
    </Stack>
  );
}

interface TotpSectionProps {
  me: AdminOperator;
  onSetup(code?: string): Promise<AdminTotpSetup>;
  onEnable(code: string): Promise<unknown>;
  onDisable(code: string): Promise<unknown>;
  initialSetup: AdminTotpSetup | null;
}

/**
 * The signed-in operator's one-time codes: set up (scan, then a code); once on, the current code
 * sets them up on a new phone (a new secret, the old one working until the new is on) or turns them off.
 */
/** A one-time code's field: six digits (Persian ones too, hence room for a few more characters). */
function CodeInput(props: Pick<AdminInputProps, 'label' | 'value' | 'onChange' | 'error' | 'hint'>) {
  return (
    <AdminInput
      size="sm"
      {...props}
      inputMode="numeric"
      autoComplete="one-time-code"
      dir="ltr"
      maxLength={9}
      required
      aria-required="true"
    />
  );
}

function TotpSection({ me, onSetup, onEnable, onDisable, initialSetup }: TotpSectionProps) {
  const { t } = useTranslation('admin');
  const [setup, setSetup] = useState<AdminTotpSetup | null>(initialSetup);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<'on' | 'off' | null>(null);

  const run = async (work: () => Promise<unknown>, after: () => void) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
      after();
    } catch (error) {
      const refusal: CodeRefusal | null = codeRefusal(error);
      // A missing or wrong code belongs to its field; a lock or anything else under the card.
      if (refusal === 'otp_required' || refusal === 'bad_otp') setCodeError(t(`operators.codeErrors.${refusal}`));
      else setFailure(refusal ? t(`operators.codeErrors.${refusal}`) : adminErrorText(error, t));
    } finally {
      setBusy(false);
    }
  };
  /** The code typed, in Latin digits, or null (and the field says so) when it is not six digits. */
  const typedCode = () => {
    const otp = normalizeOtp(code);
    setCodeError(otp ? null : t('operators.totp.codeInvalid'));
    return otp;
  };
  const submitCode = (event: FormEvent, send: (code: string) => Promise<unknown>, result: 'on' | 'off') => {
    event.preventDefault();
    const otp = typedCode();
    if (!otp) return;
    void run(
      () => send(otp),
      () => {
        setCode('');
        setSetup(null);
        setDone(result);
      },
    );
  };
  /** With codes on: a new secret for a new phone, asked with the current code. */
  const renew = () => {
    const otp = typedCode();
    if (!otp) return;
    void run(
      async () => setSetup(await onSetup(otp)),
      () => {
        setCode('');
        setDone(null);
      },
    );
  };
  const codeField = (
    <CodeInput
      label={me.totpEnabled && !setup ? t('operators.currentCode') : t('operators.totp.code')}
      value={code}
      onChange={(value) => {
        setCode(value);
        setCodeError(null);
      }}
      error={codeError}
    />
  );

  return (
    <Section aria-labelledby="admin-totp-title">
      <h2 id="admin-totp-title">{t('operators.totp.title')}</h2>
      <TotpCard>
        {done ? (
          <Ok role="status">{t(done === 'on' ? 'operators.totp.turnedOn' : 'operators.totp.turnedOff')}</Ok>
        ) : null}
        {setup ? (
          <Enrol>
            <QrCode value={setup.otpauthUrl} label={t('operators.totp.qrLabel')} size={200} />
            <div>
              <ol>
                {([1, 2, 3] as const).map((step) => (
                  <li key={step}>{t(`operators.totp.step${step}`)}</li>
                ))}
              </ol>
              <div>
                <strong>{t('operators.totp.secret')}</strong>
                <div>
                  <code>
                    <Ltr>{groupSecret(setup.secret)}</Ltr>
                  </code>
                </div>
              </div>
              {me.totpEnabled ? <p>{t('operators.totp.renewText')}</p> : null}
              <CodeForm onSubmit={(event) => submitCode(event, onEnable, 'on')} noValidate>
                {codeField}
                <Button type="submit" icon="shieldCheck" loading={busy}>
                  {t('operators.totp.enable')}
                </Button>
                {me.totpEnabled ? (
                  <Button
                    variant="ghost"
                    disabled={busy}
                    onClick={() => {
                      setSetup(null);
                      setCode('');
                      setCodeError(null);
                      setFailure(null);
                    }}
                  >
                    {t('common.cancel')}
                  </Button>
                ) : null}
              </CodeForm>
            </div>
          </Enrol>
        ) : me.totpEnabled ? (
          <>
            <p>{t('operators.totp.onText')}</p>
            <CodeForm onSubmit={(event) => submitCode(event, onDisable, 'off')} noValidate>
              {codeField}
              <Button type="submit" variant="danger" icon="x" loading={busy}>
                {t('operators.totp.disable')}
              </Button>
              <Button variant="secondary" icon="phone" disabled={busy} onClick={renew}>
                {t('operators.totp.renew')}
              </Button>
            </CodeForm>
          </>
        ) : (
          <>
            <p>{t('operators.totp.offText')}</p>
            <div>
              <Button
                icon="shieldCheck"
                loading={busy}
                onClick={() =>
                  void run(
                    async () => setSetup(await onSetup()),
                    () => setDone(null),
                  )
                }
              >
                {t('operators.totp.setup')}
              </Button>
            </div>
          </>
        )}
        {failure ? <AdminNotice tone="error">{failure}</AdminNotice> : null}
      </TotpCard>
    </Section>
  );
}

import { useState } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import {
  ADMIN_BULK_ACTIONS,
  ADMIN_BULK_MAX,
  toLatinDigits,
  type AdminBulkActionName,
  type AdminBulkOutcome,
  type AdminBulkRequest,
} from '@separ/domain';
import { AdminDialog } from '../AdminDialog';
import { AdminInput } from '../AdminField';
import { AdminNotice, adminErrorText } from '../AdminNotice';
import { Button } from '../Button';
import { useFormat } from '../format';
import { outlined } from '../theme';
import { MAX_ADD_MB, MAX_EXTEND_DAYS, parseWholeNumber } from './adminUserForms';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  ${outlined('md', 'surfaceMuted')}
`;

const Count = styled.strong`
  margin-inline-end: auto;
`;

/** Which accounts a bulk action is on: those ticked, or all the search finds. */
export type BulkTarget = { kind: 'selected'; usernames: string[] } | { kind: 'matching'; q: string; total: number };

/** The dialog a bulk action opens: its name, and for a delete the count the dry run found. */
export interface BulkDialogState {
  action: AdminBulkActionName;
  /** delete-expired, second step: the accounts the dry run found, to be typed. */
  found?: number;
}

const DANGER: ReadonlySet<AdminBulkActionName> = new Set(['suspend', 'delete-expired']);

/** The `users.bulk.actions.*` key of an action: `add-data` → `addData`. */
export const bulkKey = (action: AdminBulkActionName) => action.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

export interface AdminUsersBulkProps {
  target: BulkTarget;
  /** The page's rows are all ticked and the search finds more: offer to take them all. */
  canSelectMatching: { total: number } | null;
  onSelectMatching(): void;
  onClear(): void;
  onBulk(request: AdminBulkRequest): Promise<AdminBulkOutcome>;
  /** After a done action: the selection is cleared and the result shown. */
  onDone(outcome: AdminBulkOutcome): void;
  /** Opens this dialog at first (stories). */
  initialDialog?: BulkDialogState | null;
}

/** The bar over the users list while accounts are selected: their count, the actions, and each action's dialog. */
export function AdminUsersBulk({
  target,
  canSelectMatching,
  onSelectMatching,
  onClear,
  onBulk,
  onDone,
  initialDialog = null,
}: AdminUsersBulkProps) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const [dialog, setDialog] = useState<BulkDialogState | null>(initialDialog);
  const [days, setDays] = useState('30');
  const [mb, setMb] = useState('');
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const size = target.kind === 'selected' ? target.usernames.length : target.total;
  const accounts = target.kind === 'selected' ? { usernames: target.usernames } : { filter: { q: target.q } };
  const tooMany = size > ADMIN_BULK_MAX;

  const open = (action: AdminBulkActionName) => {
    setDialog({ action });
    setDays('30');
    setMb('');
    setTyped('');
    setFieldError(null);
    setFailure(null);
  };
  const close = () => {
    if (!busy) setDialog(null);
  };
  const numberError = (error: string, max: number) => t(`forms.number.${error}`, { max: format.number(max) });

  const send = async (request: AdminBulkRequest) => {
    setBusy(true);
    setFailure(null);
    try {
      const outcome = await onBulk(request);
      if (outcome.dryRun) setDialog({ action: request.action, found: outcome.count });
      else {
        setDialog(null);
        onDone(outcome);
      }
    } catch (error) {
      setFailure(adminErrorText(error, t));
    } finally {
      setBusy(false);
    }
  };

  const confirm = () => {
    if (!dialog) return;
    const { action } = dialog;
    if (action === 'extend') {
      const parsed = parseWholeNumber(days, 1, MAX_EXTEND_DAYS);
      if (!parsed.ok) return setFieldError(numberError(parsed.error, MAX_EXTEND_DAYS));
      return void send({ action, ...accounts, days: parsed.value });
    }
    if (action === 'add-data') {
      const parsed = parseWholeNumber(mb, 1, MAX_ADD_MB);
      if (!parsed.ok) return setFieldError(numberError(parsed.error, MAX_ADD_MB));
      return void send({ action, ...accounts, mb: parsed.value });
    }
    if (action === 'delete-expired') {
      const parsed = parseWholeNumber(days, 0, MAX_EXTEND_DAYS);
      if (!parsed.ok) return setFieldError(numberError(parsed.error, MAX_EXTEND_DAYS));
      // First the count (a dry run), then the delete with the count typed.
      if (dialog.found === undefined) return void send({ action, ...accounts, days: parsed.value, dryRun: true });
      if (toLatinDigits(typed).trim() !== String(dialog.found))
        return setFieldError(t('users.bulk.typeCountError', { count: dialog.found, n: format.number(dialog.found) }));
      return void send({ action, ...accounts, days: parsed.value, confirm: String(dialog.found) });
    }
    void send({ action, ...accounts });
  };

  const field = (label: string, value: string, change: (value: string) => void, hint?: string) => (
    <AdminInput
      size="sm"
      label={label}
      value={value}
      onChange={(next) => {
        change(next);
        setFieldError(null);
      }}
      dir="ltr"
      inputMode="numeric"
      error={fieldError}
      hint={hint}
    />
  );

  const scope = t(target.kind === 'selected' ? 'users.bulk.scopeSelected' : 'users.bulk.scopeMatching', {
    count: size,
    n: format.number(size),
    q: target.kind === 'matching' ? target.q : '',
  });
  const body = () => {
    if (!dialog) return null;
    const { action, found } = dialog;
    const question = <p>{t(`users.bulk.questions.${bulkKey(action)}`, { scope })}</p>;
    if (action === 'extend')
      return (
        <>
          {question}
          {field(t('users.bulk.days'), days, setDays)}
        </>
      );
    if (action === 'add-data')
      return (
        <>
          {question}
          {field(t('users.bulk.mb'), mb, setMb, t('users.actions.mbHint'))}
        </>
      );
    if (action === 'delete-expired') {
      if (found === undefined)
        return (
          <>
            {question}
            {field(t('users.bulk.expiredDays'), days, setDays, t('users.bulk.expiredDaysHint'))}
          </>
        );
      if (found === 0) return <p>{t('users.bulk.noneExpired')}</p>;
      const n = format.number(found);
      return (
        <>
          <AdminNotice tone="warning">
            {t('users.bulk.deleteWarning', { count: found, n, days: format.number(Number(toLatinDigits(days))) })}
          </AdminNotice>
          {field(t('users.bulk.typeCount', { count: found, n }), typed, setTyped)}
        </>
      );
    }
    return question;
  };
  const confirmLabel = () => {
    if (!dialog) return '';
    if (dialog.action === 'delete-expired' && dialog.found === undefined) return t('users.bulk.findExpired');
    return t(`users.bulk.actions.${bulkKey(dialog.action)}`);
  };

  return (
    <>
      <Bar role="region" aria-label={t('users.bulk.title')}>
        <Count>{scope}</Count>
        {canSelectMatching ? (
          <Button variant="ghost" size="sm" onClick={onSelectMatching}>
            {t('users.bulk.selectMatching', {
              count: canSelectMatching.total,
              n: format.number(canSelectMatching.total),
            })}
          </Button>
        ) : null}
        {ADMIN_BULK_ACTIONS.map((action) => (
          <Button
            key={action}
            variant={DANGER.has(action) ? 'danger' : 'secondary'}
            size="sm"
            disabled={tooMany}
            onClick={() => open(action)}
          >
            {t(`users.bulk.actions.${bulkKey(action)}`)}
          </Button>
        ))}
        <Button variant="ghost" size="sm" icon="x" onClick={onClear}>
          {t('users.bulk.clear')}
        </Button>
      </Bar>
      {tooMany ? (
        <AdminNotice tone="warning">{t('users.bulk.tooMany', { max: format.number(ADMIN_BULK_MAX) })}</AdminNotice>
      ) : null}
      {dialog ? (
        <AdminDialog
          open
          title={t(`users.bulk.titles.${bulkKey(dialog.action)}`)}
          confirmLabel={confirmLabel()}
          tone={DANGER.has(dialog.action) ? 'danger' : 'primary'}
          busy={busy}
          error={failure}
          onConfirm={dialog.action === 'delete-expired' && dialog.found === 0 ? close : confirm}
          onCancel={close}
        >
          {body()}
        </AdminDialog>
      ) : null}
    </>
  );
}

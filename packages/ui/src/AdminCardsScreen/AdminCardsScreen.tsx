import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCard, AdminCardInput } from '@separ/domain';
import { AdminDataTable } from '../AdminDataTable';
import { Stack } from '../AdminDataTable/AdminScreen.styles';
import { AdminDialog } from '../AdminDialog';
import { AdminInput, type AdminInputProps } from '../AdminField';
import { AdminNotice } from '../AdminNotice';
import { AdminPageHeader } from '../AdminPageHeader';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { useFormat } from '../format';
import { Actions } from './AdminCardsScreen.styles';
import { CardNumberText } from './CardNumberText';
import { CARD_TEXT_MAX, cardRefusal, checkNewCard, type CardFormErrors } from './cardForms';

type CardField = 'number' | 'holder' | 'bank';

export interface AdminCardsScreenProps {
  status: 'loading' | 'error' | 'ready';
  /** `GET /api/admin/cards` (`items`); null before the first answer. */
  cards: AdminCard[] | null;
  onRetry(): void;
  retrying?: boolean;
  /**
   * `POST /api/admin/cards` with the number as typed (the server reads Persian digits and spaces the
   * same way); reject with the error, whose `code` is read (`conflict`: in the pool already).
   */
  onAdd(input: AdminCardInput): Promise<unknown>;
  /** `POST /api/admin/cards/:id/enable` or `/disable`. */
  onSetEnabled(id: number, enabled: boolean): Promise<unknown>;
  /** `DELETE /api/admin/cards/:id`, after a confirmation. */
  onRemove(id: number): Promise<unknown>;
  /** Where a story starts: the add dialog (with what was typed), a removal to confirm, a row at work. */
  initial?: {
    adding?: boolean;
    form?: Partial<Record<CardField, string>>;
    errors?: CardFormErrors;
    removing?: number;
    toggling?: number;
    failure?: 'conflict' | 'invalid' | 'not_found' | 'failed';
  };
}

const EMPTY_FORM: Record<CardField, string> = { number: '', holder: '', bank: '' };

/**
 * The shop's card pool for card-to-card transfers (CONTRACTS §11): each card's number (four groups
 * of four, left to right), holder, bank, whether new card orders are offered it and how many open
 * orders it has; adding one (16 digits passing the Luhn check, Persian digits and spaces accepted),
 * enabling or disabling and removing one (confirmed).
 */
export function AdminCardsScreen({
  status,
  cards,
  onRetry,
  retrying,
  onAdd,
  onSetEnabled,
  onRemove,
  initial = {},
}: AdminCardsScreenProps) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const [adding, setAdding] = useState(initial.adding ?? false);
  const [removing, setRemoving] = useState<number | null>(initial.removing ?? null);
  const [form, setForm] = useState<Record<CardField, string>>({ ...EMPTY_FORM, ...initial.form });
  const [errors, setErrors] = useState<CardFormErrors>(initial.errors ?? {});
  const [busy, setBusy] = useState(false);
  const [toggling, setToggling] = useState<number | null>(initial.toggling ?? null);
  const [failure, setFailure] = useState<string | null>(
    initial.failure ? t(`cards.refusals.${initial.failure}`) : null,
  );
  const [rowFailure, setRowFailure] = useState<string | null>(null);

  /** A refusal in the screen's words, by its code (never the server's English). */
  const refusalText = (error: unknown) => {
    const code = cardRefusal(error);
    return t(code ? `cards.refusals.${code}` : 'cards.refusals.failed');
  };
  const openAdd = () => {
    setForm(EMPTY_FORM);
    setErrors({});
    setFailure(null);
    setAdding(true);
  };
  const add = async () => {
    const found = checkNewCard(form.number, form.holder, form.bank);
    setErrors(found);
    if (found.number || found.holder || found.bank) return;
    setBusy(true);
    setFailure(null);
    try {
      const bank = form.bank.trim();
      await onAdd({ number: form.number.trim(), holder: form.holder.trim(), ...(bank ? { bank } : {}) });
      setAdding(false);
    } catch (error) {
      setFailure(refusalText(error));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (id: number) => {
    setBusy(true);
    setFailure(null);
    try {
      await onRemove(id);
      setRemoving(null);
    } catch (error) {
      setFailure(refusalText(error));
    } finally {
      setBusy(false);
    }
  };
  const toggle = async (card: AdminCard) => {
    setToggling(card.id);
    setRowFailure(null);
    try {
      await onSetEnabled(card.id, !card.enabled);
    } catch (error) {
      setRowFailure(refusalText(error));
    } finally {
      setToggling(null);
    }
  };
  const field = (name: CardField, props: Partial<AdminInputProps>) => (
    <AdminInput
      size="sm"
      label={t(`cards.fields.${name}`)}
      value={form[name]}
      onChange={(typed) => {
        setForm((f) => ({ ...f, [name]: typed }));
        setErrors((e) => ({ ...e, [name]: undefined }));
      }}
      error={errors[name] ? t(`cards.errors.${errors[name]}`) : undefined}
      hint={t(`cards.fields.${name}Hint`)}
      spellCheck={false}
      autoComplete="off"
      {...props}
    />
  );
  const removed = removing === null ? undefined : cards?.find((card) => card.id === removing);

  return (
    <Stack>
      <AdminPageHeader
        title={t('cards.title')}
        subtitle={t('cards.subtitle')}
        actions={
          <Button icon="card" onClick={openAdd}>
            {t('cards.add')}
          </Button>
        }
      />
      {rowFailure ? <AdminNotice tone="error">{rowFailure}</AdminNotice> : null}
      <AdminDataTable
        caption={t('cards.title')}
        status={status}
        data={cards ? { items: cards, total: cards.length, page: 1, pageSize: cards.length } : null}
        onRetry={onRetry}
        retrying={retrying}
        paginated={false}
        emptyTitle={t('cards.emptyTitle')}
        emptyMessage={t('cards.emptyMessage')}
        emptyIcon="card"
        emptyAction={
          <Button size="sm" icon="card" onClick={openAdd}>
            {t('cards.add')}
          </Button>
        }
        errorTitle={t('cards.loadError')}
        rowKey={(card) => String(card.id)}
        columns={[
          { key: 'number', header: t('cards.columns.number'), cell: (card) => <CardNumberText number={card.number} /> },
          { key: 'holder', header: t('cards.columns.holder'), cell: (card) => card.holder },
          { key: 'bank', header: t('cards.columns.bank'), cell: (card) => card.bank ?? t('cards.noBank') },
          {
            key: 'state',
            header: t('cards.columns.state'),
            cell: (card) =>
              card.enabled ? (
                <Badge tone="success">{t('cards.enabled')}</Badge>
              ) : (
                <Badge tone="neutral">{t('cards.disabled')}</Badge>
              ),
          },
          { key: 'open', header: t('cards.columns.open'), cell: (card) => format.number(card.openOrders) },
          { key: 'created', header: t('cards.columns.created'), cell: (card) => format.date(card.createdAt) },
          {
            key: 'action',
            header: t('cards.columns.action'),
            cell: (card) => {
              const name = format.digits(card.number.slice(-4));
              return (
                <Actions>
                  <Button
                    size="sm"
                    variant="secondary"
                    icon={card.enabled ? 'ban' : 'check'}
                    loading={toggling === card.id}
                    disabled={toggling !== null && toggling !== card.id}
                    aria-label={t(card.enabled ? 'cards.disableLabel' : 'cards.enableLabel', { last: name })}
                    onClick={() => void toggle(card)}
                  >
                    {t(card.enabled ? 'cards.disable' : 'cards.enable')}
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    icon="x"
                    aria-label={t('cards.removeLabel', { last: name })}
                    onClick={() => {
                      setFailure(null);
                      setRemoving(card.id);
                    }}
                  >
                    {t('cards.remove')}
                  </Button>
                </Actions>
              );
            },
          },
        ]}
      />

      {adding ? (
        <AdminDialog
          open
          title={t('cards.addTitle')}
          confirmLabel={t('cards.addConfirm')}
          busy={busy}
          error={failure}
          onConfirm={() => void add()}
          onCancel={() => setAdding(false)}
        >
          {field('number', {
            dir: 'ltr',
            inputMode: 'numeric',
            maxLength: 64,
            required: true,
            'aria-required': 'true',
          })}
          {field('holder', { maxLength: CARD_TEXT_MAX + 20, required: true, 'aria-required': 'true' })}
          {field('bank', { maxLength: CARD_TEXT_MAX + 20 })}
        </AdminDialog>
      ) : null}
      {removing !== null ? (
        <AdminDialog
          open
          title={t('cards.removeTitle', { last: format.digits(removed?.number.slice(-4) ?? String(removing)) })}
          confirmLabel={t('cards.removeConfirm')}
          tone="danger"
          busy={busy}
          error={failure}
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        >
          {removed ? (
            <p>
              <CardNumberText number={removed.number} /> {removed.holder}
            </p>
          ) : null}
          <p>
            {removed && removed.openOrders > 0
              ? t('cards.removeTextOpen', { open: format.number(removed.openOrders) })
              : t('cards.removeText')}
          </p>
        </AdminDialog>
      ) : null}
    </Stack>
  );
}

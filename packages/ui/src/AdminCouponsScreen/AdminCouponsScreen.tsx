import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCoupon, AdminCouponInput, AdminGiftBatch } from '@separ/domain';
import { cardRefusal } from '../AdminCardsScreen/cardForms';
import { AdminDataTable } from '../AdminDataTable';
import { Stack } from '../AdminDataTable/AdminScreen.styles';
import { AdminDialog } from '../AdminDialog';
import { AdminCheckbox, AdminInput, AdminSelect, type AdminInputProps } from '../AdminField';
import { AdminNotice } from '../AdminNotice';
import { AdminPageHeader } from '../AdminPageHeader';
import { Badge, type BadgeTone } from '../Badge';
import { Button } from '../Button';
import { CopyButton } from '../CopyButton';
import { useFormat } from '../format';
import { Modal } from '../Modal';
import { CodeText, HeaderActions, IssuedCodes, Limits, Pair, PlanChoices } from './AdminCouponsScreen.styles';
import {
  checkGifts,
  checkNewCoupon,
  couponState,
  EMPTY_COUPON_FORM,
  EMPTY_GIFT_FORM,
  type CouponForm,
  type CouponFormErrors,
  type CouponState,
  type GiftForm,
  type GiftFormErrors,
  type GiftInput,
} from './couponForm';

/** The admin API's codes the screen says in its own words; anything else is `failed`. */
type Refusal = 'conflict' | 'invalid' | 'not_found' | 'failed';

export interface AdminCouponsScreenProps {
  status: 'loading' | 'error' | 'ready';
  /** `GET /api/admin/coupons` (`items`), newest first; null before the first answer. */
  coupons: AdminCoupon[] | null;
  /** The plans a code may be limited to (their ids and titles), for the add dialog and the list. */
  plans: ReadonlyArray<{ id: number; title: string }>;
  /** The time the states are judged at (ms); when the screen opened by default. */
  now?: number;
  onRetry(): void;
  retrying?: boolean;
  /** `POST /api/admin/coupons`; reject with the error, whose `code` is read (`conflict`: the code exists). */
  onAdd(input: AdminCouponInput): Promise<unknown>;
  /** `POST /api/admin/coupons/:code/disable`, after a confirmation. */
  onDisable(code: string): Promise<unknown>;
  /** `POST /api/admin/gifts`: resolves with the batch, whose codes are shown this once. */
  onAddGifts(input: GiftInput): Promise<AdminGiftBatch>;
  /** Where a story starts: a dialog open (with what was typed, its errors or refusal), at work, or the codes issued. */
  initial?: {
    adding?: boolean;
    form?: Partial<CouponForm>;
    errors?: CouponFormErrors;
    failure?: Refusal;
    disabling?: string;
    busy?: boolean;
    gifts?: boolean;
    giftForm?: Partial<GiftForm>;
    giftErrors?: GiftFormErrors;
    issued?: AdminGiftBatch;
  };
}

const STATE_TONE: Record<CouponState, BadgeTone> = {
  active: 'success',
  scheduled: 'info',
  expired: 'neutral',
  usedUp: 'warning',
  disabled: 'neutral',
};

/**
 * The discount codes (CONTRACTS §12): each code with what it takes off, its limits, its uses so far
 * and its state; adding one with every limit, disabling one (confirmed); and gift codes for the
 * wallet, made in a batch and shown this once, with a button to copy them all.
 */
export function AdminCouponsScreen({
  status,
  coupons,
  plans,
  now,
  onRetry,
  retrying,
  onAdd,
  onDisable,
  onAddGifts,
  initial = {},
}: AdminCouponsScreenProps) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  // The states are judged at the time the screen opened, unless a time is given.
  const [openedAt] = useState(() => Date.now());
  const at = now ?? openedAt;
  const [adding, setAdding] = useState(initial.adding ?? false);
  const [form, setForm] = useState<CouponForm>({ ...EMPTY_COUPON_FORM, ...initial.form });
  const [errors, setErrors] = useState<CouponFormErrors>(initial.errors ?? {});
  const [disabling, setDisabling] = useState<string | null>(initial.disabling ?? null);
  const [gifts, setGifts] = useState(initial.gifts ?? false);
  const [giftForm, setGiftForm] = useState<GiftForm>({ ...EMPTY_GIFT_FORM, ...initial.giftForm });
  const [giftErrors, setGiftErrors] = useState<GiftFormErrors>(initial.giftErrors ?? {});
  const [issued, setIssued] = useState<AdminGiftBatch | null>(initial.issued ?? null);
  const [busy, setBusy] = useState(initial.busy ?? false);
  const [failure, setFailure] = useState<Refusal | null>(initial.failure ?? null);

  /** A refusal in the screen's words, by its code (never the server's English). */
  const refusalOf = (error: unknown): Refusal => cardRefusal(error) ?? 'failed';
  const run = async (call: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await call();
    } catch (error) {
      setFailure(refusalOf(error));
    } finally {
      setBusy(false);
    }
  };

  const openAdd = () => {
    setForm(EMPTY_COUPON_FORM);
    setErrors({});
    setFailure(null);
    setAdding(true);
  };
  const add = () => {
    const checked = checkNewCoupon(form);
    setErrors(checked.errors ?? {});
    if (!checked.input) return;
    const input = checked.input;
    void run(async () => {
      await onAdd(input);
      setAdding(false);
    });
  };
  const disable = (code: string) =>
    void run(async () => {
      await onDisable(code);
      setDisabling(null);
    });
  const openGifts = () => {
    setGiftForm(EMPTY_GIFT_FORM);
    setGiftErrors({});
    setFailure(null);
    setIssued(null);
    setGifts(true);
  };
  const issue = () => {
    const checked = checkGifts(giftForm);
    setGiftErrors(checked.errors ?? {});
    if (!checked.input) return;
    const input = checked.input;
    void run(async () => {
      setIssued(await onAddGifts(input));
      setGifts(false);
    });
  };

  const field = (name: keyof CouponFormErrors, props: Partial<AdminInputProps> = {}) => (
    <AdminInput
      size="sm"
      label={props.label ?? t(`coupons.fields.${name}`)}
      value={form[name] as string}
      onChange={(typed) => {
        setForm((f) => ({ ...f, [name]: typed }));
        setErrors((e) => ({ ...e, [name]: undefined }));
      }}
      error={errors[name] ? t(`coupons.errors.${errors[name]}`) : undefined}
      hint={props.hint ?? t(`coupons.fields.${name}Hint`)}
      spellCheck={false}
      autoComplete="off"
      {...props}
    />
  );
  const giftField = (name: keyof GiftForm, props: Partial<AdminInputProps> = {}) => (
    <AdminInput
      size="sm"
      label={t(`coupons.gifts.fields.${name}`)}
      value={giftForm[name]}
      onChange={(typed) => {
        setGiftForm((f) => ({ ...f, [name]: typed }));
        setGiftErrors((e) => ({ ...e, [name]: undefined }));
      }}
      error={giftErrors[name] ? t(`coupons.errors.${giftErrors[name]}`) : undefined}
      hint={t(`coupons.gifts.fields.${name}Hint`)}
      spellCheck={false}
      autoComplete="off"
      {...props}
    />
  );
  const planTitle = (id: number) => plans.find((plan) => plan.id === id)?.title ?? format.digits(`#${id}`);
  const limitsOf = (coupon: AdminCoupon): ReactNode[] => {
    const lines: ReactNode[] = [];
    if (coupon.maxUses !== null) lines.push(t('coupons.limits.maxUses', { n: coupon.maxUses }));
    if (coupon.perUser !== null) lines.push(t('coupons.limits.perUser', { n: coupon.perUser }));
    if (coupon.firstPurchase) lines.push(t('coupons.limits.firstPurchase'));
    if (coupon.plans)
      lines.push(t('coupons.limits.plans', { plans: coupon.plans.map(planTitle).join(t('coupons.listSeparator')) }));
    if (coupon.from) lines.push(t('coupons.limits.from', { date: format.date(coupon.from) }));
    if (coupon.until) lines.push(t('coupons.limits.until', { date: format.date(coupon.until) }));
    return lines;
  };
  const failureText = (area: 'add' | 'disable' | 'gifts') =>
    failure ? t(`coupons.refusals.${area}.${failure}`) : null;

  return (
    <Stack>
      <AdminPageHeader
        title={t('coupons.title')}
        subtitle={t('coupons.subtitle')}
        actions={
          <HeaderActions>
            <Button icon="star" onClick={openAdd}>
              {t('coupons.add')}
            </Button>
            <Button icon="gift" variant="secondary" onClick={openGifts}>
              {t('coupons.gifts.open')}
            </Button>
          </HeaderActions>
        }
      />
      <AdminDataTable
        caption={t('coupons.title')}
        status={status}
        data={coupons ? { items: coupons, total: coupons.length, page: 1, pageSize: coupons.length } : null}
        onRetry={onRetry}
        retrying={retrying}
        paginated={false}
        emptyTitle={t('coupons.emptyTitle')}
        emptyMessage={t('coupons.emptyMessage')}
        emptyIcon="star"
        emptyAction={
          <Button size="sm" icon="star" onClick={openAdd}>
            {t('coupons.add')}
          </Button>
        }
        errorTitle={t('coupons.loadError')}
        rowKey={(coupon) => String(coupon.id)}
        columns={[
          { key: 'code', header: t('coupons.columns.code'), cell: (coupon) => <CodeText>{coupon.code}</CodeText> },
          {
            key: 'discount',
            header: t('coupons.columns.discount'),
            cell: (coupon) =>
              coupon.percent !== null ? format.percent(coupon.percent) : format.toman(coupon.amount ?? 0),
          },
          {
            key: 'limits',
            header: t('coupons.columns.limits'),
            cell: (coupon) => {
              const lines = limitsOf(coupon);
              return lines.length ? (
                <Limits>
                  {lines.map((line, index) => (
                    <li key={index}>{line}</li>
                  ))}
                </Limits>
              ) : (
                t('coupons.limits.none')
              );
            },
          },
          {
            key: 'uses',
            header: t('coupons.columns.uses'),
            cell: (coupon) =>
              coupon.maxUses === null
                ? format.number(coupon.uses)
                : t('coupons.usesOf', { n: coupon.uses, max: coupon.maxUses }),
          },
          {
            key: 'state',
            header: t('coupons.columns.state'),
            cell: (coupon) => {
              const state = couponState(coupon, at);
              return <Badge tone={STATE_TONE[state]}>{t(`coupons.states.${state}`)}</Badge>;
            },
          },
          { key: 'created', header: t('coupons.columns.created'), cell: (coupon) => format.date(coupon.createdAt) },
          {
            key: 'action',
            header: t('coupons.columns.action'),
            cell: (coupon) =>
              coupon.disabled ? null : (
                <Button
                  size="sm"
                  variant="secondary"
                  icon="ban"
                  aria-label={t('coupons.disableLabel', { code: coupon.code })}
                  onClick={() => {
                    setFailure(null);
                    setDisabling(coupon.code);
                  }}
                >
                  {t('coupons.disable')}
                </Button>
              ),
          },
        ]}
      />

      {adding ? (
        <AdminDialog
          open
          title={t('coupons.addTitle')}
          confirmLabel={t('coupons.addConfirm')}
          busy={busy}
          error={failureText('add')}
          onConfirm={add}
          onCancel={() => setAdding(false)}
        >
          {field('code', { dir: 'ltr', maxLength: 40, required: true, 'aria-required': 'true' })}
          <Pair>
            <AdminSelect<CouponForm['kind']>
              size="sm"
              label={t('coupons.fields.kind')}
              value={form.kind}
              options={[
                { value: 'percent', label: t('coupons.kinds.percent') },
                { value: 'amount', label: t('coupons.kinds.amount') },
              ]}
              onChange={(kind) => {
                setForm((f) => ({ ...f, kind }));
                setErrors((e) => ({ ...e, value: undefined }));
              }}
            />
            {field('value', {
              label: t(form.kind === 'percent' ? 'coupons.fields.percent' : 'coupons.fields.amount'),
              hint: t(form.kind === 'percent' ? 'coupons.fields.percentHint' : 'coupons.fields.amountHint'),
              inputMode: 'numeric',
              maxLength: 20,
              required: true,
              'aria-required': 'true',
            })}
          </Pair>
          <Pair>
            {field('maxUses', { inputMode: 'numeric', maxLength: 20 })}
            {field('perUser', { inputMode: 'numeric', maxLength: 20 })}
          </Pair>
          <Pair>
            {field('from', { dir: 'ltr', maxLength: 20, placeholder: '2026-12-01' })}
            {field('until', { dir: 'ltr', maxLength: 20, placeholder: '2026-12-31' })}
          </Pair>
          <AdminCheckbox
            label={t('coupons.fields.firstPurchase')}
            hint={t('coupons.fields.firstPurchaseHint')}
            checked={form.firstPurchase}
            onChange={(firstPurchase) => setForm((f) => ({ ...f, firstPurchase }))}
          />
          {plans.length ? (
            <PlanChoices>
              <legend>{t('coupons.fields.plans')}</legend>
              <div>
                {plans.map((plan) => (
                  <AdminCheckbox
                    key={plan.id}
                    label={plan.title}
                    checked={form.plans.includes(plan.id)}
                    onChange={(on) =>
                      setForm((f) => ({
                        ...f,
                        plans: on ? [...f.plans, plan.id] : f.plans.filter((id) => id !== plan.id),
                      }))
                    }
                  />
                ))}
              </div>
              <small>{t('coupons.fields.plansHint')}</small>
            </PlanChoices>
          ) : null}
        </AdminDialog>
      ) : null}

      {disabling !== null ? (
        <AdminDialog
          open
          tone="danger"
          title={t('coupons.disableTitle', { code: disabling })}
          confirmLabel={t('coupons.disableConfirm')}
          busy={busy}
          error={failureText('disable')}
          onConfirm={() => disable(disabling)}
          onCancel={() => setDisabling(null)}
        >
          <p>{t('coupons.disableText')}</p>
        </AdminDialog>
      ) : null}

      {gifts ? (
        <AdminDialog
          open
          title={t('coupons.gifts.title')}
          confirmLabel={t('coupons.gifts.confirm')}
          busy={busy}
          error={failureText('gifts')}
          onConfirm={issue}
          onCancel={() => setGifts(false)}
        >
          <p>{t('coupons.gifts.text')}</p>
          {giftField('amount', { inputMode: 'numeric', maxLength: 20, required: true, 'aria-required': 'true' })}
          <Pair>
            {giftField('count', { inputMode: 'numeric', maxLength: 10 })}
            {giftField('until', { dir: 'ltr', maxLength: 20, placeholder: '2026-12-31' })}
          </Pair>
        </AdminDialog>
      ) : null}

      {issued ? (
        <Modal
          open
          title={t('coupons.gifts.issuedTitle', { count: issued.codes.length })}
          onClose={() => setIssued(null)}
          actions={<Button onClick={() => setIssued(null)}>{t('common.done')}</Button>}
        >
          <Stack>
            <AdminNotice tone="info">
              {issued.expiresAt
                ? t('coupons.gifts.issuedUntil', {
                    count: issued.codes.length,
                    amount: format.toman(issued.amount),
                    date: format.date(issued.expiresAt),
                  })
                : t('coupons.gifts.issued', { count: issued.codes.length, amount: format.toman(issued.amount) })}
            </AdminNotice>
            <IssuedCodes>
              <p role="alert">{t('coupons.gifts.shownOnce')}</p>
              <ol aria-label={t('coupons.gifts.codesLabel')}>
                {issued.codes.map((code) => (
                  <li key={code}>
                    <code>{code}</code>
                  </li>
                ))}
              </ol>
              <div>
                <CopyButton
                  text={issued.codes.join('\n')}
                  label={t('coupons.gifts.copyAll')}
                  copiedLabel={t('common.copied')}
                  size="sm"
                />
              </div>
            </IssuedCodes>
          </Stack>
        </Modal>
      ) : null}
    </Stack>
  );
}

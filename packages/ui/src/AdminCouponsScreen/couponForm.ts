import {
  normalizeCouponCode,
  toLatinDigits,
  WALLET_MAX_ENTRY,
  type AdminCoupon,
  type AdminCouponInput,
} from '@separ/domain';

/** The most gift codes one batch makes (the server's GIFT_BATCH_MAX, the contract's `count`). */
export const GIFT_BATCH_MAX = 1_000;
/** The most uses (in all, or per buyer) a code may allow: the contract's bound. */
const USES_MAX = 1_000_000_000;

/** What a discount code is in the list: active, not yet valid, expired, used up or disabled. */
export type CouponState = 'active' | 'scheduled' | 'expired' | 'usedUp' | 'disabled';

/**
 * A code's state at `now` (ms), as the server would answer a buyer: disabled first, then its dates,
 * then its uses against `maxUses`.
 */
export function couponState(coupon: AdminCoupon, now: number): CouponState {
  if (coupon.disabled) return 'disabled';
  if (coupon.until !== null && Date.parse(coupon.until) <= now) return 'expired';
  if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) return 'usedUp';
  if (coupon.from !== null && Date.parse(coupon.from) > now) return 'scheduled';
  return 'active';
}

export type CouponKind = 'percent' | 'amount';

/** The add dialog's fields as typed (Persian digits and separators accepted in the numbers and dates). */
export interface CouponForm {
  code: string;
  kind: CouponKind;
  value: string;
  maxUses: string;
  perUser: string;
  firstPurchase: boolean;
  plans: number[];
  from: string;
  until: string;
}

export const EMPTY_COUPON_FORM: CouponForm = {
  code: '',
  kind: 'percent',
  value: '',
  maxUses: '',
  perUser: '',
  firstPurchase: false,
  plans: [],
  from: '',
  until: '',
};

export type CouponFormError =
  | 'codeRequired'
  | 'codeShape'
  | 'valueRequired'
  | 'percentRange'
  | 'amountRange'
  | 'wholeNumber'
  | 'dateShape'
  | 'untilBeforeFrom'
  | 'countRange';

export type CouponFormErrors = Partial<
  Record<'code' | 'value' | 'maxUses' | 'perUser' | 'from' | 'until', CouponFormError>
>;

/** A number as typed: Persian or Latin digits, with thousands separators or spaces; null when it is not one. */
export function typedNumber(text: string): number | null {
  const plain = toLatinDigits(text).replace(/[\s,٬،_]/g, '');
  return /^\d{1,15}$/.test(plain) ? Number(plain) : null;
}

/** A day as typed (`2026-12-31` or `2026/12/31`, Persian digits accepted), as `2026-12-31`; null when it is not one. */
export function typedDay(text: string): string | null {
  const plain = toLatinDigits(text.trim()).replace(/\//g, '-');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(plain)) return null;
  const time = Date.parse(`${plain}T00:00:00Z`);
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== plain ? null : plain;
}

/** An optional whole number from 1 to `max`: undefined when empty, the error when wrong. */
function optionalCount(text: string, max: number): number | null | 'wrong' {
  if (text.trim() === '') return null;
  const value = typedNumber(text);
  return value === null || value < 1 || value > max ? 'wrong' : value;
}

/** An optional day: null when empty, `wrong` when not a day. */
function optionalDay(text: string): string | null | 'wrong' {
  if (text.trim() === '') return null;
  return typedDay(text) ?? 'wrong';
}

/**
 * A new discount code, checked field by field as the server checks it: the code's shape (3 to 32
 * Latin letters, digits, `-` or `_`), a percent from 1 to 100 or tomans from 1 to the largest
 * wallet entry, the limits whole numbers, the dates days with `from` before `until`. Either the
 * errors, or the body to send.
 */
export function checkNewCoupon(
  form: CouponForm,
): { errors: CouponFormErrors; input?: undefined } | { errors?: undefined; input: AdminCouponInput } {
  const errors: CouponFormErrors = {};
  const code = normalizeCouponCode(form.code);
  if (form.code.trim() === '') errors.code = 'codeRequired';
  else if (!code) errors.code = 'codeShape';
  const value = typedNumber(form.value);
  const max = form.kind === 'percent' ? 100 : WALLET_MAX_ENTRY;
  if (form.value.trim() === '') errors.value = 'valueRequired';
  else if (value === null || value < 1 || value > max)
    errors.value = form.kind === 'percent' ? 'percentRange' : 'amountRange';
  const maxUses = optionalCount(form.maxUses, USES_MAX);
  if (maxUses === 'wrong') errors.maxUses = 'wholeNumber';
  const perUser = optionalCount(form.perUser, USES_MAX);
  if (perUser === 'wrong') errors.perUser = 'wholeNumber';
  const from = optionalDay(form.from);
  if (from === 'wrong') errors.from = 'dateShape';
  const until = optionalDay(form.until);
  if (until === 'wrong') errors.until = 'dateShape';
  // A day `until` counts whole: a code from and until the same day is valid for that day.
  else if (until !== null && from !== null && from !== 'wrong' && until < from) errors.until = 'untilBeforeFrom';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    input: {
      code: code!,
      ...(form.kind === 'percent' ? { percent: value! } : { amount: value! }),
      maxUses: maxUses as number | null,
      perUser: perUser as number | null,
      firstPurchase: form.firstPurchase,
      plans: form.plans.length ? [...form.plans] : null,
      from: from as string | null,
      until: until as string | null,
    },
  };
}

/** The gift dialog's fields as typed. */
export interface GiftForm {
  amount: string;
  count: string;
  until: string;
}

export const EMPTY_GIFT_FORM: GiftForm = { amount: '', count: '1', until: '' };

export type GiftFormErrors = Partial<Record<keyof GiftForm, CouponFormError>>;

export interface GiftInput {
  amount: number;
  count: number;
  until: string | null;
}

/** A batch of gift codes: tomans from 1 to the largest wallet entry, 1 to 1000 codes, maybe a last day. */
export function checkGifts(
  form: GiftForm,
): { errors: GiftFormErrors; input?: undefined } | { errors?: undefined; input: GiftInput } {
  const errors: GiftFormErrors = {};
  const amount = typedNumber(form.amount);
  if (form.amount.trim() === '') errors.amount = 'valueRequired';
  else if (amount === null || amount < 1 || amount > WALLET_MAX_ENTRY) errors.amount = 'amountRange';
  const count = form.count.trim() === '' ? 1 : optionalCount(form.count, GIFT_BATCH_MAX);
  if (count === 'wrong') errors.count = 'countRange';
  const until = optionalDay(form.until);
  if (until === 'wrong') errors.until = 'dateShape';
  if (Object.keys(errors).length > 0) return { errors };
  return { input: { amount: amount!, count: count as number, until: until as string | null } };
}

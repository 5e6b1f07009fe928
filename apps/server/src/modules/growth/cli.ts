import { arg, num, text, UsageError, type CommandRow } from '../../platform/cli.ts';
import type { AppContext } from '../../platform/context.ts';
import { addCoupon, disableCoupon, listCoupons, type CouponInfo } from './coupons.ts';
import { addGifts } from './gifts.ts';

/** The parseArgs option specs of `coupons add` and `gifts add` (spread into separ-admin's options). */
export const GROWTH_OPTION_SPECS = {
  code: { type: 'string' },
  percent: { type: 'string' },
  'max-uses': { type: 'string' },
  'per-user': { type: 'string' },
  'first-purchase': { type: 'boolean' },
  plans: { type: 'string' },
  from: { type: 'string' },
  until: { type: 'string' },
  count: { type: 'string' },
} as const;

export const GROWTH_HELP = `  coupons add --code CODE (--percent P | --amount TOMANS) [--max-uses N] [--per-user N]
              [--first-purchase] [--plans 1,2] [--from DATE] [--until DATE]
                                                  (a discount code; a day as DATE counts whole)
  coupons list | coupons disable <code>
  gifts add --amount TOMANS [--count N] [--until DATE]   (prints N single-use gift codes, one a line, once)`;

const toman = (n: number) => `${n.toLocaleString('en-US')} toman`;

function describe(c: CouponInfo): string {
  return [
    c.code,
    c.percent !== null ? `${c.percent}%` : toman(c.amount ?? 0),
    `${c.uses}${c.maxUses === null ? '' : `/${c.maxUses}`} used`,
    c.perUser === null ? '' : `${c.perUser} per buyer`,
    c.firstPurchase ? 'first purchase only' : '',
    c.plans === null ? '' : `plans ${c.plans.join(',')}`,
    c.from ? `from ${c.from}` : '',
    c.until ? `until ${c.until}` : '',
    c.disabled ? 'disabled' : '',
  ]
    .filter(Boolean)
    .join('\t');
}

function planList(value: string | undefined): number[] | null {
  if (value === undefined) return null;
  const ids = value.split(',').map((part) => part.trim());
  if (ids.some((id) => !/^\d{1,15}$/.test(id)))
    throw new UsageError('--plans takes plan ids joined by commas, such as 1,2.');
  return ids.map(Number);
}

/** separ-admin's discount and gift codes: the functions an operator's every change goes through, audited. */
export const GROWTH_COMMANDS: Array<CommandRow<AppContext>> = [
  {
    command: 'coupons add',
    async run({ ctx, values, out, actor }) {
      const coupon = await addCoupon(
        ctx,
        {
          code: text(values, 'code', true)!,
          percent: num(values, 'percent') ?? null,
          amount: num(values, 'amount') ?? null,
          maxUses: num(values, 'max-uses') ?? null,
          perUser: num(values, 'per-user') ?? null,
          firstPurchase: values['first-purchase'] === true,
          plans: planList(text(values, 'plans')),
          from: text(values, 'from') ?? null,
          until: text(values, 'until') ?? null,
        },
        actor,
      );
      out(`Added ${describe(coupon)}`);
    },
  },
  {
    command: 'coupons list',
    async run({ ctx, out }) {
      const coupons = await listCoupons(ctx);
      if (coupons.length === 0) out('No discount codes.');
      for (const c of coupons) out(describe(c));
    },
  },
  {
    command: 'coupons disable',
    async run({ ctx, positionals, out, actor }) {
      const coupon = await disableCoupon(ctx, arg(positionals, 2, 'code'), actor);
      out(`Code ${coupon.code} disabled: new orders refuse it.`);
    },
  },
  {
    command: 'gifts add',
    async run({ ctx, values, out, actor }) {
      const done = await addGifts(
        ctx,
        {
          amount: num(values, 'amount', { required: true })!,
          count: num(values, 'count') ?? 1,
          until: text(values, 'until') ?? null,
        },
        actor,
      );
      // One code a line and nothing else: the output is meant to be piped; it is never shown again.
      for (const code of done.codes) out(code);
    },
  },
];

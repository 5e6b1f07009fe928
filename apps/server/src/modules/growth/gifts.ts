import { randomBytes } from 'node:crypto';
import { giftCodeOf, GIFT_CODE_BITS, normalizeGiftCode, WALLET_MAX_ENTRY } from '@separ/domain';
import type { AppContext } from '../../platform/context.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { AppError, invalid } from '../../platform/errors.ts';
import { audit, type Actor } from '../../platform/audit.ts';
import { postEntry } from '../wallet/index.ts';
import { operatorDate } from './coupons.ts';

/**
 * Gift codes (CONTRACTS §12): made in batches for an amount and maybe an expiry, each printed once
 * and kept only as its MAC (as the bot's link codes are), so that nothing stored reads back as a
 * code. Redeeming one is a conditional update that one request wins, and the `gift` entry is written
 * in the same transaction: ten redemptions at once make one entry.
 */

/** The most codes one `gifts add` makes. */
export const GIFT_BATCH_MAX = 1_000;

const giftMac = (ctx: Pick<AppContext, 'secrets'>, normalized: string) => ctx.secrets.box.mac('gift-code', normalized);

/** Makes `count` single-use codes of `amount` tomans (`separ-admin gifts add`); audited. Returns the codes. */
export async function addGifts(
  ctx: AppContext,
  input: { amount: number; count?: number; until?: string | null },
  actor: Actor,
): Promise<{ codes: string[]; amount: number; expiresAt: string | null }> {
  const { amount } = input;
  const count = input.count ?? 1;
  if (!Number.isSafeInteger(amount) || amount < 1 || amount > WALLET_MAX_ENTRY)
    throw invalid(`The amount must be a whole number of tomans from 1 to ${WALLET_MAX_ENTRY}.`);
  if (!Number.isSafeInteger(count) || count < 1 || count > GIFT_BATCH_MAX)
    throw invalid(`The count must be a whole number from 1 to ${GIFT_BATCH_MAX}.`);
  const expiresAt = input.until ? operatorDate(input.until, 'until') : null;
  const now = ctx.now().toISOString();
  const batch = randomBytes(6).toString('hex');
  for (let attempt = 0; ; attempt++) {
    const codes = Array.from({ length: count }, () => giftCodeOf(randomBytes(GIFT_CODE_BITS / 8)));
    try {
      await ctx.db.transaction().execute(async (trx) => {
        for (const code of codes)
          await trx
            .insertInto('gift_codes')
            .values({
              code_mac: giftMac(ctx, normalizeGiftCode(code)!),
              amount,
              expires_at: expiresAt,
              used_by: null,
              used_at: null,
              batch,
              created_by: actor,
              created_at: now,
            })
            .execute();
        await audit(trx, ctx, {
          actor,
          action: 'gift.add',
          target: `gifts:${batch}`,
          after: { count, amount, expiresAt },
        });
      });
      return { codes, amount, expiresAt };
    } catch (error) {
      // Two equal codes of 80 random bits: never seen, but drawn again rather than failed.
      if (attempt >= 3 || !isUniqueViolation(error)) throw error;
    }
  }
}

/**
 * Redeems a gift code into an account's wallet, once: the code is marked used and its `gift` entry
 * written in one transaction (the conditional update is what one caller wins). Throws `giftUnknown`,
 * `giftUsed` or `giftExpired`.
 */
export async function redeemGift(
  ctx: AppContext,
  userId: number,
  code: string,
): Promise<{ amount: number; balance: number }> {
  const normalized = normalizeGiftCode(code);
  if (!normalized) throw new AppError('giftUnknown');
  const mac = giftMac(ctx, normalized);
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now().toISOString();
    const won = await trx
      .updateTable('gift_codes')
      .set({ used_by: userId, used_at: now })
      .where('code_mac', '=', mac)
      .where('used_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .returning(['id', 'amount'])
      .executeTakeFirst();
    if (!won) {
      const row = await trx
        .selectFrom('gift_codes')
        .select(['used_at', 'expires_at'])
        .where('code_mac', '=', mac)
        .executeTakeFirst();
      if (!row) throw new AppError('giftUnknown');
      throw new AppError(row.used_at !== null ? 'giftUsed' : 'giftExpired');
    }
    // The code, spelt as printed: it is worth nothing once used.
    const printed = `G-${normalized.slice(1).match(/.{4}/g)!.join('-')}`;
    const entry = await postEntry(trx, ctx, { userId, kind: 'gift', amount: Number(won.amount), ref: printed });
    return { amount: entry.amount, balance: entry.balance };
  });
}

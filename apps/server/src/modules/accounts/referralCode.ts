import { randomInt } from 'node:crypto';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import type { Db } from '../../platform/db/index.ts';

/** The letters of a referral code: lower-case Latin letters and digits, none easily mistaken. */
const LETTERS = 'abcdefghijkmnpqrstuvwxyz23456789';

/** A new referral code: 10 characters (CONTRACTS §12's `{origin}/?ref={code}`). */
export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += LETTERS[randomInt(0, LETTERS.length)];
  return code;
}

/**
 * The account's referral code, made on first use and never changed after: a conditional update
 * (two first uses at once keep the first one's), drawn again on the rare clash with another's.
 */
export async function ensureReferralCode(db: Db, user: { id: number; referral_code?: string | null }): Promise<string> {
  if (user.referral_code) return user.referral_code;
  for (let attempt = 0; ; attempt++) {
    try {
      await db
        .updateTable('users')
        .set({ referral_code: newReferralCode() })
        .where('id', '=', user.id)
        .where('referral_code', 'is', null)
        .execute();
      break;
    } catch (error) {
      if (attempt >= 5 || !isUniqueViolation(error)) throw error;
    }
  }
  const row = await db.selectFrom('users').select('referral_code').where('id', '=', user.id).executeTakeFirstOrThrow();
  return row.referral_code!;
}

/** The account a referral code names, if any. */
export async function userByReferralCode(db: Db, code: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email'])
    .where('referral_code', '=', code)
    .executeTakeFirst();
}

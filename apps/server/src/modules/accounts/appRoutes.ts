import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { serve } from '../../platform/http/contract.ts';
import { APP_ROUTES } from '@separ/domain/contract';
import { randomToken, tokenHash } from '../../platform/security/crypto.ts';
import { REFUSAL_CODES, refusal } from './access.ts';
import { newDeviceId, startSubscription } from './accounts.ts';
import { checkCredentials } from './login.ts';

/** The calls of the VPN apps (CONTRACTS §3); the web app does not use them. The nodes speak nodes/. */
export async function appRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, APP_ROUTES.appLogin, async (request) => {
    const { username, password, deviceInfo } = request.body;
    const user = await checkCredentials(ctx, username, password, request.ip);
    if (!user) throw new AppError('bad_credentials');
    const token = randomToken();
    const deviceId = newDeviceId();
    const outcome = await ctx.db.transaction().execute(async (trx) => {
      // Lock the account row so that concurrent logins cannot pass the device limit together.
      let query = trx.selectFrom('users').selectAll().where('id', '=', user.id);
      if (ctx.database.kind === 'postgres') query = query.forUpdate();
      const fresh = await query.executeTakeFirstOrThrow();
      const now = ctx.now();
      const refused = refusal(fresh, now);
      if (refused) return { refused: new AppError(REFUSAL_CODES[refused]) };
      const devices = await trx
        .selectFrom('devices')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', fresh.id)
        .executeTakeFirstOrThrow();
      if (Number(devices.count) >= fresh.allowed_devices) {
        return { refused: new AppError('deviceLimitReached', { allowed: fresh.allowed_devices }) };
      }
      const expireDate = await startSubscription(trx, fresh, now);
      await trx
        .insertInto('devices')
        .values({
          id: deviceId,
          user_id: fresh.id,
          device_info: deviceInfo,
          login_at: now.toISOString(),
          token_hash: tokenHash(token),
          last_seen_at: now.toISOString(),
        })
        .execute();
      return { expireDate };
    });
    if ('refused' in outcome) throw outcome.refused;
    return { ok: true as const, token, deviceId, username: user.username, expireDate: outcome.expireDate };
  });
}

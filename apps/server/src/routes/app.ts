import type { FastifyInstance } from 'fastify';
import { accountStatus } from '@separ/domain';
import type { AppContext } from '../context.ts';
import { forbidden, HttpError, unauthorized } from '../http/errors.ts';
import { randomToken, tokenHash } from '../security/crypto.ts';
import { accountView, newDeviceId } from '../services/accounts.ts';
import { addDays } from '../services/clock.ts';
import { checkCredentials } from '../services/login.ts';

const REFUSALS = {
  suspended: 'This account is suspended. Please contact support.',
  expired: 'This subscription has expired. Please buy a new plan.',
  dataExceeded: 'This account has used all of its data. Please upgrade your plan.',
} as const;

/** The calls of the VPN apps and the VPN nodes (CONTRACTS §3); the web app does not use them. */
export async function appRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post(
    '/api/app/login',
    {
      schema: {
        body: {
          type: 'object',
          required: ['username', 'password', 'deviceInfo'],
          properties: {
            username: { type: 'string', minLength: 1, maxLength: 64 },
            password: { type: 'string', minLength: 1, maxLength: 128 },
            deviceInfo: { type: 'string', minLength: 1, maxLength: 200 },
          },
        },
      },
    },
    async (request) => {
      const { username, password, deviceInfo } = request.body as {
        username: string;
        password: string;
        deviceInfo: string;
      };
      const user = await checkCredentials(ctx, username, password, request.ip);
      if (!user) throw new HttpError(401, 'Invalid username or password');
      const token = randomToken();
      const deviceId = newDeviceId();
      const outcome = await ctx.db.transaction().execute(async (trx) => {
        // Lock the account row so that concurrent logins cannot pass the device limit together.
        let query = trx.selectFrom('users').selectAll().where('id', '=', user.id);
        if (ctx.database.kind === 'postgres') query = query.forUpdate();
        const fresh = await query.executeTakeFirstOrThrow();
        const now = ctx.now();
        const status = accountStatus(await accountView(trx, fresh), now);
        if (status.state === 'suspended' || status.state === 'expired' || status.state === 'dataExceeded') {
          return { refused: REFUSALS[status.state] };
        }
        const devices = await trx
          .selectFrom('devices')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('user_id', '=', fresh.id)
          .executeTakeFirstOrThrow();
        if (Number(devices.count) >= fresh.allowed_devices) {
          return {
            refused: `Device limit reached: this account allows ${fresh.allowed_devices} device(s). Disconnect one in your account panel.`,
          };
        }
        let expireDate = fresh.expire_date;
        if (status.state === 'pending') {
          expireDate = addDays(now, fresh.subs_days);
          await trx
            .updateTable('users')
            .set({ expire_date: expireDate, subs_days: 0, updated_at: now.toISOString() })
            .where('id', '=', fresh.id)
            .execute();
        }
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
      if ('refused' in outcome) throw forbidden(outcome.refused as string);
      return { ok: true, token, deviceId, username: user.username, expireDate: outcome.expireDate };
    },
  );

  app.post(
    '/api/node/usage',
    {
      schema: {
        body: {
          type: 'object',
          required: ['usage'],
          properties: {
            usage: {
              type: 'array',
              maxItems: 10_000,
              items: {
                type: 'object',
                required: ['username', 'mb'],
                properties: {
                  username: { type: 'string', minLength: 1, maxLength: 64 },
                  mb: { type: 'number', minimum: 0, maximum: 10_000_000 },
                },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const auth = request.headers.authorization ?? '';
      const token = /^Bearer\s+(\S{1,200})$/i.exec(auth)?.[1];
      if (!token) throw unauthorized('A node token is required.');
      const node = await ctx.db
        .selectFrom('nodes')
        .select('id')
        .where('token_hash', '=', tokenHash(token))
        .executeTakeFirst();
      if (!node) throw unauthorized('Unknown node token.');
      const { usage } = request.body as { usage: Array<{ username: string; mb: number }> };
      let updated = 0;
      await ctx.db.transaction().execute(async (trx) => {
        for (const { username, mb } of usage) {
          if (mb === 0) continue;
          const result = await trx
            .updateTable('users')
            .set((eb) => ({ used_mb: eb('used_mb', '+', Math.ceil(mb)), updated_at: ctx.now().toISOString() }))
            .where('username', '=', username)
            .executeTakeFirst();
          updated += Number(result.numUpdatedRows);
        }
      });
      return { ok: true, updated };
    },
  );
}

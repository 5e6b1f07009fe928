import type { FastifyInstance } from 'fastify';
import { WALLET_ROUTES } from '@separ/domain/contract';
import type { AppContext } from '../../platform/context.ts';
import { serve } from '../../platform/http/contract.ts';
import { requireUser } from '../accounts/index.ts';
import { walletOf } from './service.ts';

/** The panel's wallet (CONTRACTS §10): the signed-in account's balance and entries. */
export async function walletRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, WALLET_ROUTES.wallet, async (request) => {
    const user = await requireUser(ctx, request);
    return { ok: true as const, ...(await walletOf(ctx, user.id)) };
  });
}

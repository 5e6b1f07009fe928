import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { requireUser } from '../accounts/index.ts';
import { createLinkCode, LINK_CODE_MINUTES } from './botService.ts';
import { serve } from '../../platform/http/contract.ts';
import { PANEL_ROUTES } from '@separ/domain/contract';

/** The panel's call for the messaging bot. */
export async function botRoutes(app: FastifyInstance, ctx: AppContext) {
  /**
   * A one-time code for linking the messaging bot (issue #24): 8 digits, good once for 10 minutes;
   * sent to the bot's My account, it links that chat to this account.
   */
  serve(app, PANEL_ROUTES.botCode, async (request) => {
    const user = await requireUser(ctx, request);
    const { code, expiresAt } = await createLinkCode(ctx, user.id);
    return { ok: true as const, code, expiresAt, minutes: LINK_CODE_MINUTES };
  });
}

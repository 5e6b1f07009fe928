import { toPersianDigits } from '@separ/domain';
import type { AppContext } from '../../platform/context.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { accountLanguage, hwidDeviceOf, registerHwidDevice } from '../accounts/index.ts';

/**
 * The device limit by hardware id on `/sub/{token}` (CONTRACTS §14): a request with `x-hwid`
 * registers its device (accounts/hwid.ts); one device more than the account allows gets no links
 * and `announce`, which Happ and v2RayTun show, saying why in the account's language. A request
 * without a hardware id passes: the nodes' IP rule (CONTRACTS §5) limits it.
 */
export async function deviceGate(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'allowed_devices'>,
  headers: Record<string, string | string[] | undefined>,
  now: Date,
): Promise<{ blocked: false } | { blocked: true; announce: string }> {
  const device = hwidDeviceOf(headers);
  if (!device) return { blocked: false };
  const outcome = await registerHwidDevice(ctx, user.id, device, now);
  if (outcome !== 'limit') return { blocked: false };
  const lng = await accountLanguage(ctx.db, user.id);
  const allowed = lng === 'fa' ? toPersianDigits(user.allowed_devices) : user.allowed_devices;
  const text = ctx.texts.t(lng, 'panel:devices.limitAnnounce', { allowed });
  return { blocked: true, announce: `base64:${Buffer.from(text, 'utf8').toString('base64')}` };
}

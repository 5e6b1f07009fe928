/**
 * Which format a client wants, by its User-Agent (CONTRACTS §7), from the tables of Marzban
 * (app/routers/subscription.py), Remnawave (response-rules.ts) and Xboard (app/Protocols/*), checked
 * against the clients' own sources where they are public (docs/SUBSCRIPTIONS.md has the list):
 * - the sing-box family first: SFA/SFI/SFM/SFT ("SFI (sing-box 1.11.0; …)", no version after the
 *   name), sing-box, Hiddify ("HiddifyNext/2.5.7 (android) like ClashMeta v2ray sing-box" — it names
 *   ClashMeta, and wants sing-box) and Karing (whose UA names ClashMeta, clash-verge and NekoBox too);
 * - then Clash.Meta (mihomo): clash-verge, FlClash, ClashMetaForAndroid, clash.meta, mihomo, Stash,
 *   ClashX, NekoBox ("NekoBox/Android/1.3.9 (Prefer ClashMeta Format)");
 * - then Happ ("Happ/1.63.1"), which imports Xray JSON (CONTRACTS §14): complete Xray configs;
 * - then a browser (Accept: text/html): the subscription page;
 * - and everything else (v2rayNG, v2rayN, Streisand, Shadowrocket, curl…): the links, base64.
 */
export type SubscriptionFormat = 'singbox' | 'clash' | 'xray' | 'page' | 'base64';

const SING_BOX = /^(?:sf[aimt]\b|hiddify|karing)|\bsing-?box\b|\bkaring\b/i;
const CLASH =
  /^(?:clash|mihomo|flclash|stash|koala-clash|prizrak-box)|clash-?verge|clashmeta(?:forandroid)?\b|clash\.meta|\bnekobox\b|\bclashx\b/i;
const XRAY_JSON = /^happ\//i;

export function formatFor(
  userAgent: string | undefined,
  accept: string | undefined,
  forced?: string,
): SubscriptionFormat {
  if (forced === 'base64' || forced === 'clash' || forced === 'singbox' || forced === 'xray') return forced;
  const ua = userAgent ?? '';
  if (SING_BOX.test(ua)) return 'singbox';
  if (CLASH.test(ua)) return 'clash';
  if (XRAY_JSON.test(ua)) return 'xray';
  if ((accept ?? '').includes('text/html')) return 'page';
  return 'base64';
}

/** The sing-box core's version a client names ("SFA/1.11.0 (541; sing-box 1.11.0; …)"), if it does. */
export function singBoxVersion(userAgent: string | undefined): [number, number] | null {
  const match = /sing-box\s+v?(\d+)\.(\d+)/i.exec(userAgent ?? '');
  return match ? [Number(match[1]), Number(match[2])] : null;
}

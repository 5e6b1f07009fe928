import { fragmentOf, type ShopSettings } from '@separ/domain';

/**
 * What the shop's delivery settings (CONTRACTS §14) put into the profiles: TLS fragmentation (Xray
 * JSON, on the TLS and REALITY configs), mux (Xray JSON, where the transport allows it) and
 * Iran-direct routing (every format). Unset, none of it is there.
 */
export interface Delivery {
  /** Xray's `freedom` fragment, or null for none. */
  fragment: { packets: string; length: string; interval: string } | null;
  mux: boolean;
  iranDirect: boolean;
}

export const NO_DELIVERY: Delivery = { fragment: null, mux: false, iranDirect: false };

export function deliveryOf(settings: ShopSettings): Delivery {
  return { fragment: fragmentOf(settings), mux: settings.muxEnabled, iranDirect: settings.iranDirect };
}

/**
 * The rule names of Iran-direct, as each client's own geo data names them (docs/SUBSCRIPTIONS.md):
 * Xray's geoip.dat (v2rayN, v2rayNG, Happ: `geoip:ir`, `domain:ir`), mihomo's GeoIP database (`GEOIP,IR`)
 * and sing-box's rule set from SagerNet/sing-geoip (`geoip-ir.srs`).
 */
export const IRAN = {
  xrayIp: 'geoip:ir',
  xrayDomain: 'domain:ir',
  clash: ['DOMAIN-SUFFIX,ir,DIRECT', 'GEOIP,IR,DIRECT'],
  singBoxRuleSet: {
    type: 'remote',
    tag: 'geoip-ir',
    format: 'binary',
    url: 'https://raw.githubusercontent.com/SagerNet/sing-geoip/rule-set/geoip-ir.srs',
  },
} as const;

import { toLatinDigits } from '@separ/domain';

/**
 * A whole number as an operator types it: Persian or Latin digits, thousands separated or not
 * ("۱۲۰٬۰۰۰", "120,000", "120000"). Null for anything else (decimals, signs, words, empty).
 */
export function parseWhole(text: string): number | null {
  const plain = toLatinDigits(text.trim()).replace(/[,\u066c\s_]/g, '');
  if (!/^\d+$/.test(plain)) return null;
  const value = Number(plain);
  return Number.isSafeInteger(value) ? value : null;
}

/** A decimal number ("1.5", "۱٫۵"); null for anything else. */
export function parseDecimal(text: string): number | null {
  const plain = toLatinDigits(text.trim())
    .replace(/\u066b/g, '.')
    .replace(/\s/g, '');
  if (!/^\d+(?:\.\d+)?$/.test(plain)) return null;
  return Number(plain);
}

/** An absolute http(s) address with a host. */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0 && !/\s/.test(text.trim())
    );
  } catch {
    return false;
  }
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** An IPv4 or IPv6 address (no port, no prefix). */
export function isIpAddress(text: string): boolean {
  const value = text.trim();
  if (IPV4.test(value)) return true;
  if (!value.includes(':') || !/^[0-9a-fA-F:.]+$/.test(value)) return false;
  try {
    return new URL(`http://[${value}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

const LABEL = /^(?!-)[a-zA-Z0-9-]{1,63}(?<!-)$/;

/** A host name (fra1.example.com) or an IP address. */
export function isHost(text: string): boolean {
  const value = text.trim();
  if (isIpAddress(value)) return true;
  if (value.length > 253 || !value.includes('.')) return false;
  return value.split('.').every((label) => LABEL.test(label));
}

/** Left-to-right text (an address, a link) inside a sentence of either direction: Unicode isolates. */
export function isolate(text: string): string {
  return `\u2066${text}\u2069`;
}

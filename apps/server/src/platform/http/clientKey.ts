import ipaddr from 'ipaddr.js';

/**
 * The client a throttle counts: an IPv4 address as it is, an IPv6 client by its /64 — one
 * subscriber's network, since a single home or phone gets a whole /64 and may use any address in it.
 * IPv4-mapped IPv6 addresses (::ffff:1.2.3.4) are their IPv4 address.
 */
export function clientKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}

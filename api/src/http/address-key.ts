import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a per-address limit counts a client's requests under: an IPv4 address
 * is itself; an IPv6 address counts as its /64, since a subscriber is handed a whole /64 and may
 * use any of its 2^64 addresses (the 121st message from `…::1` was refused, the next from `…::2`
 * accepted). An IPv4 address a dual-stack socket writes as `::ffff:a.b.c.d` is the IPv4 address:
 * as a /64 it would put every IPv4 client under one key.
 *
 * Only for keys. Logs and records someone may read (sign-in history, document access) keep the address.
 */
export function addressKey(ip: string): string {
  const address = ip.replace(/%.*$/, ''); // a zone (fe80::1%eth0) names our interface, not the client
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, as lower-case hex without leading zeros. */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase();
  // A trailing dotted IPv4 part (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((group) => Number.parseInt(group, 16).toString(16));
}

import { isIP } from 'node:net';

/**
 * The eight 16-bit groups of an IPv6 address ('2001:db8::1', '::ffff:10.0.0.1', 'fe80::1%eth0'),
 * or null when it is not one.
 */
export function ipv6Groups(address: string): number[] | null {
  const bare = address.split('%')[0]!;
  if (isIP(bare) !== 6) return null;
  const halves = bare.split('::');
  const groupsOf = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((piece) => {
          if (!piece.includes('.')) return [parseInt(piece, 16)];
          const [a, b, c, d] = piece.split('.').map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const head = groupsOf(halves[0]!);
  const tail = halves.length > 1 ? groupsOf(halves[1]!) : [];
  return [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

/** Whether IPv6 groups are an IPv4 address in IPv6 clothing (::ffff:a.b.c.d). */
export const isIpv4Mapped = (groups: number[]) =>
  groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;

/**
 * What every per-address limit counts by (rate limits, sign-in attempts, stock held unpaid): an IPv4
 * address as it is (an IPv4-mapped IPv6 one as its IPv4 form), an IPv6 address as its /64. One
 * subscriber gets a whole /64 and picks any address in it at will, so counting full IPv6 addresses
 * would give each client billions of budgets. The audit log keeps the full address (request.ip).
 */
export function clientKey(ip: string): string {
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  if (isIpv4Mapped(groups)) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

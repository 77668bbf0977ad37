import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a request comes from, as failed sign-ins count it: an IPv4 address as it is (IPv4 in IPv6
 * written as IPv4), an IPv6 address by its /64, which one home or phone gets whole. Counting single IPv6
 * addresses would give one attacker 2^64 fresh counters (the per-IP route limits count /64s as well:
 * @fastify/rate-limit's default).
 */
export function clientNetwork(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip) || !isIPv6(ip)) return ip.toLowerCase();
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

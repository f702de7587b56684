import { isIP } from 'node:net';

/** Names proxy-addr (Fastify's trustProxy) knows for whole address ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function validEntry(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [ip, bits, extra] = entry.split('/');
  if (extra !== undefined) return false;
  const family = isIP(ip);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: the proxies whose X-Forwarded-For the server believes, as a comma-separated list
 * of addresses, CIDRs or the names loopback, linklocal and uniquelocal. Unset or empty: no header
 * is believed and every per-IP limit keys on the socket's address (docs/security.md). A wrong
 * entry stops the start, since a typo would silently trust nobody or everybody.
 */
export function parseTrustProxy(value: string | undefined): string[] | false {
  const entries = (value ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) return false;
  const wrong = entries.filter((e) => !validEntry(e));
  if (wrong.length > 0) {
    throw new Error(
      `TRUST_PROXY: not an address, CIDR or range name: ${wrong.join(', ')} (use e.g. 127.0.0.1,10.0.0.0/8 or loopback)`,
    );
  }
  return entries;
}

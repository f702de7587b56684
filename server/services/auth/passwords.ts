import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { Algorithm, hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';

const scrypt = promisify(scryptCb) as (
  pw: string,
  salt: Buffer,
  len: number,
  opts: object,
) => Promise<Buffer>;

/**
 * argon2id at 64 MiB, 3 passes, 1 lane: above OWASP's minimum (19 MiB, t=2) and RFC 9106's
 * memory-constrained choice, at about 75 ms of one core per login on our 2-core machines. scrypt
 * at OWASP's N=2^17 cost 370 ms there (docs/security.md has the measurements).
 */
const ARGON2 = {
  algorithm: Algorithm.Argon2id,
  memoryCost: 65_536,
  timeCost: 3,
  parallelism: 1,
} as const;

/** The PHC prefix every hash made with today's parameters starts with (docs/security.md). */
const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=${ARGON2.parallelism}$`;

/** argon2id in PHC form (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`), with a random salt per password. */
export function hashPassword(password: string): Promise<string> {
  return argon2Hash(password, ARGON2);
}

/** A hash made with other parameters (or the older scrypt form): rehash it at the next login. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(CURRENT_PREFIX);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2')) {
    try {
      return await argon2Verify(stored, password);
    } catch {
      return false;
    }
  }
  return verifyScrypt(password, stored);
}

/** Hashes written before argon2id: `scrypt$N$r$p$saltB64$hashB64` (upgraded at the next login). */
async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, hashB64] = parts;
  const N = Number(n);
  const R = Number(r);
  // only the parameters this server ever wrote: a tampered row must not make us allocate gigabytes
  if (N !== 16384 || R !== 8 || Number(p) !== 1) return false;
  const expected = Buffer.from(hashB64, 'base64');
  const actual = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N,
    r: R,
    p: 1,
    maxmem: 64 * 1024 * 1024,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A random password for root when ROOT_PASSWORD is not given (letters and digits, 16 chars). */
export function randomPassword(length = 16): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return /\d/.test(out) ? out : `${out.slice(0, -1)}7`;
}

import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { parseTrustProxy } from '../../server/trust-proxy';

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset or empty', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy(' , ')).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('takes addresses, CIDRs and range names', () => {
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8,loopback')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses to start on an entry it cannot read, naming it', () => {
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/10\.0\.0\.0\/33/);
    expect(() => loadConfig({ TRUST_PROXY: '127.0.0.1,proxy.example' })).toThrow(
      'TRUST_PROXY: not an address, CIDR or range name: proxy.example (use e.g. 127.0.0.1,10.0.0.0/8 or loopback)',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigurationError, JUDGE_LEASE_SECONDS, loadConfig } from '../../server/config';

describe('JUDGE_LEASE_SECONDS', () => {
  it('defaults to 30 s and takes whole seconds in its range', () => {
    expect(loadConfig({}).judgeLeaseMs).toBe(JUDGE_LEASE_SECONDS.default * 1000);
    expect(loadConfig({ JUDGE_LEASE_SECONDS: '12' }).judgeLeaseMs).toBe(12_000);
    expect(loadConfig({ JUDGE_LEASE_SECONDS: String(JUDGE_LEASE_SECONDS.max) }).judgeLeaseMs).toBe(600_000);
  });

  it('refuses to start with a value it cannot use, and says which values it takes', () => {
    for (const value of ['abc', '4', '601', '1.5', '-30', '30s']) {
      expect(() => loadConfig({ JUDGE_LEASE_SECONDS: value })).toThrow(ConfigurationError);
      expect(() => loadConfig({ JUDGE_LEASE_SECONDS: value })).toThrow(/from 5 to 600/);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { formatExamples, parseExamples } from '../../shared/api/examples';
import { formatAcRate, formatLength, formatMemory, formatTime } from '../../shared/format';

describe('display formatting', () => {
  it('shows memory from KB up to YB', () => {
    expect(formatMemory(512)).toBe('512KB');
    expect(formatMemory(2048)).toBe('2MB');
    expect(formatMemory(1536)).toBe('1.5MB');
    expect(formatMemory(1024 ** 3)).toBe('1TB');
    expect(formatMemory(1024 ** 8)).toBe('1024YB');
    expect(formatMemory(null)).toBe('--');
  });
  it('shows time in ms and length in B', () => {
    expect(formatTime(15.4)).toBe('15ms');
    expect(formatTime(undefined)).toBe('--');
    expect(formatLength(120)).toBe('120B');
  });
  it('shows the AC rate as a percent with two decimals', () => {
    expect(formatAcRate(1, 3)).toBe('33.33%');
    expect(formatAcRate(0, 0)).toBe('0.00%');
  });
});

describe('HOJ sample encoding', () => {
  it('round-trips samples, keeping blank lines and spaces', () => {
    const samples = [
      { input: '1 2\n', output: '3' },
      { input: 'a\n\n b', output: '' },
    ];
    expect(parseExamples(formatExamples(samples))).toEqual(samples);
    expect(parseExamples(null)).toEqual([]);
  });
});

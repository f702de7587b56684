import { describe, expect, it } from 'vitest';
import { withFields } from '../../server/plugins/envelope';

describe('withFields (per-caller fields added to a cached object’s JSON)', () => {
  it('adds the fields and keeps the result valid JSON', () => {
    const base = JSON.stringify({ problem: { title: 'A "quoted" }' }, tags: [] });
    const out = withFields(base, { myStatus: -10, problemCount: { total: 3 } });
    expect(JSON.parse(out)).toEqual({
      problem: { title: 'A "quoted" }' },
      tags: [],
      myStatus: -10,
      problemCount: { total: 3 },
    });
  });

  it('handles an empty object and leaves out undefined fields', () => {
    expect(JSON.parse(withFields('{}', { a: 1, b: undefined }))).toEqual({ a: 1 });
    expect(withFields('{"x":1}', { b: undefined })).toBe('{"x":1}');
  });
});

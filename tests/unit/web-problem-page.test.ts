import { describe, expect, it } from 'vitest';
import type { Problem, TagGroup } from '@/shared/api/types';
import { JudgeStatus } from '@/shared/constants/judge-status';
import { markOf } from '@/web/features/problems/components/problem-status-mark';
import { sectionsOf } from '@/web/features/problems/components/tag-filter';
import { factorText, scaledLimits } from '@/web/features/problems/lib/limits';
import { hasListFilters, readListFilters, writeListFilters } from '@/web/features/problems/lib/list-filters';
import { problemMeta, scriptJson } from '@/web/features/problems/lib/problem-meta';

describe('problem list filters in the URL', () => {
  it('reads keyword, a level of 0-6 and repeated tag ids, ignoring what is not one', () => {
    const f = readListFilters(
      new URLSearchParams('keyword=sum&difficulty=6&tagId=3&tagId=x&tagId=3&tagId=9'),
    );
    expect(f).toEqual({ keyword: 'sum', difficulty: 6, tagIds: [3, 9] });
    expect(readListFilters(new URLSearchParams('difficulty=7')).difficulty).toBeUndefined();
    expect(readListFilters(new URLSearchParams('difficulty=-1')).difficulty).toBeUndefined();
    expect(readListFilters(new URLSearchParams('difficulty=0')).difficulty).toBe(0);
    expect(hasListFilters(readListFilters(new URLSearchParams('l=en')))).toBe(false);
  });

  it('writes changes back to the first page and keeps other keys', () => {
    const start = new URLSearchParams('l=en&currentPage=3&limit=50&keyword=a');
    const next = writeListFilters(start, { difficulty: 2, tagIds: [4, 5] });
    expect(next.toString()).toBe('l=en&limit=50&keyword=a&difficulty=2&tagId=4&tagId=5');
    const cleared = writeListFilters(next, { keyword: '', difficulty: undefined, tagIds: [] });
    expect(cleared.toString()).toBe('l=en&limit=50');
  });
});

describe('own marks', () => {
  it('are accepted, tried or none as HOJ shows them', () => {
    expect(markOf(JudgeStatus.ACCEPTED)).toBe('accepted');
    expect(markOf(JudgeStatus.WRONG_ANSWER)).toBe('tried');
    expect(markOf(JudgeStatus.PENDING)).toBe('tried');
    expect(markOf(JudgeStatus.NOT_SUBMITTED)).toBe('none');
    expect(markOf(undefined)).toBe('none');
  });
});

describe('tag filter sections', () => {
  it('orders algorithm, source, time, then the rest, and drops empty groups', () => {
    const group = (id: number | null, type: number, tags: string[]): TagGroup => ({
      classification:
        id === null ? null : { id, name: `c${id}`, type, oj: 'ME', rank: 0, gmtCreate: '', gmtModified: '' },
      tagList: tags.map((name, i) => ({ id: (id ?? 0) * 10 + i, name, color: null })),
    });
    const sections = sectionsOf([
      group(1, 3, ['2024']),
      group(2, 1, ['Graph']),
      group(3, 2, []),
      group(4, 9, ['Odd']),
      group(null, 0, ['Loose']),
    ]);
    expect(sections.map((s) => [s.type, s.groups.flatMap((g) => g.tagList.map((t) => t.name))])).toEqual([
      [1, ['Graph']],
      [3, ['2024']],
      [0, ['Odd', 'Loose']],
    ]);
  });
});

describe('limits of other languages', () => {
  it('groups the languages by factor and leaves out those judged with the problem’s own limits', () => {
    const factors = {
      C: { time: 1, memory: 1 },
      'C++': { time: 1, memory: 1 },
      Java: { time: 2, memory: 2 },
      Python3: { time: 2, memory: 2 },
      Odd: { time: 3, memory: 1 },
    };
    expect(scaledLimits(1000, 256, ['C', 'C++', 'Java', 'Python3', 'Odd'], factors)).toEqual([
      { languages: ['Java', 'Python3'], factor: { time: 2, memory: 2 }, timeLimit: 2000, memoryLimit: 512 },
      { languages: ['Odd'], factor: { time: 3, memory: 1 }, timeLimit: 3000, memoryLimit: 256 },
    ]);
    expect(scaledLimits(1000, 256, ['C'], undefined)).toEqual([]);
    expect(factorText({ time: 2, memory: 2 })).toBe('2×');
    expect(factorText({ time: 3, memory: 1 })).toBe('3× / 1×');
  });
});

describe('machine-readable problem block', () => {
  const problem = {
    problemId: 'P1',
    title: 'Sum </script><script>alert(1)</script>',
    judgeMode: 'interactive',
    timeLimit: 1500,
    memoryLimit: 128,
    examples: '<input>1 2\n</input><output>3\n</output><input>a&b</input><output>x</output>',
    isFileIO: true,
    ioReadFileName: 'sum.in',
    ioWriteFileName: null,
  } as unknown as Problem;

  it('has Competitive Companion’s fields with the problem’s limits and samples', () => {
    const meta = problemMeta(problem, 'http://oj/problem/P1', 'My OJ');
    expect(meta).toMatchObject({
      name: problem.title,
      group: 'My OJ',
      url: 'http://oj/problem/P1',
      interactive: true,
      timeLimit: 1500,
      memoryLimit: 128,
      tests: [
        { input: '1 2\n', output: '3\n' },
        { input: 'a&b', output: 'x' },
      ],
      testType: 'single',
      input: { type: 'file', fileName: 'sum.in' },
      output: { type: 'stdout' },
    });
  });

  it('cannot end its script element, and parses back to the same value', () => {
    const meta = problemMeta(problem, 'http://oj/problem/P1', 'My OJ');
    const text = scriptJson(meta);
    expect(text).not.toMatch(/<|>|&/);
    expect(JSON.parse(text)).toEqual(meta);
  });
});

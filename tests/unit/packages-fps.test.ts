// @vitest-environment node
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../server/services/errors';
import { parseFps } from '../../server/services/packages/fps';
import { parseUpload } from '../../server/services/packages/import';
import { IMPORT_DEFAULTS } from '../../server/services/packages/settings';
import { fixtureText, makeZip } from '../fixtures/packages/zip';

const xml = fixtureText('fps/two-items.xml');

function refusal(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected the file to be refused');
}

const item = (body: string) => `<?xml version="1.0"?><fps version="1.1"><item>${body}</item></fps>`;

describe('FPS file with two items', () => {
  it('reads titles, limits with their units, statements and samples', () => {
    const [a, b] = parseFps(xml);
    expect([a.problemId, a.title, a.timeLimit, a.memoryLimit]).toEqual([null, 'A+B Again', 1000, 128]);
    expect(a.description).toBe('<p>Compute <b>a+b</b>.</p>');
    expect([a.hint, a.source]).toEqual(['Use 64-bit integers.', 'Verdict fixtures']);
    expect(a.examples).toEqual([{ input: '1 2', output: '3' }]);
    expect([b.title, b.timeLimit, b.memoryLimit]).toEqual(['Any Divisor', 500, 64]);
    expect(b.description).toBe('Print any divisor $d$ of $n$ with $1 < d < n$.');
    expect(b.examples).toEqual([
      { input: '12', output: '2' },
      { input: '9', output: '3' },
    ]);
    expect([a.type, a.judgeCaseMode, a.isRemoveEndBlank]).toEqual([0, 'default', true]);
  });

  it('keeps the inline test data byte for byte, paired in document order', () => {
    const [a] = parseFps(xml);
    expect(a.cases.map((c) => [c.input.toString(), c.output.toString()])).toEqual([
      ['1 2\n', '3\n'],
      ['100 -1\n', '99\n'],
    ]);
    expect(a.judgeMode).toBe('default');
    expect(a.notices).toEqual([{ key: 'import.fps.templatesIgnored', params: { item: 'A+B Again' } }]);
  });

  it('wraps a HUSTOJ special judge as a testlib-protocol checker', () => {
    const [, b] = parseFps(xml);
    expect(b.judgeMode).toBe('spj');
    expect(b.program?.protocol).toBe('testlib');
    expect(b.program?.language).toBe('C++');
    expect(b.program?.code).toContain('#include "hustoj_spj.cpp"');
    expect(b.program?.extraFiles['hustoj_spj.cpp']).toContain('HUSTOJ special judge');
  });

  it('keeps a testlib checker (tpj) for the judge’s bundled testlib.h, with a notice', () => {
    const [p] = parseFps(
      item(
        '<title>X</title><time_limit>1</time_limit><memory_limit>64</memory_limit><test_input>1</test_input><test_output>1</test_output><tpj language="C++">#include "testlib.h"\nint main(int c, char **v) { registerTestlibCmd(c, v); quitf(_ok, "fine"); }</tpj>',
      ),
    );
    expect(p.judgeMode).toBe('spj');
    expect(p.program).toMatchObject({ protocol: 'testlib', language: 'C++', extraFiles: {} });
    expect(p.program?.code).toContain('registerTestlibCmd');
    expect(p.notices).toEqual([{ key: 'import.testlibBundled', params: { program: 'X: tpj' } }]);
  });

  it('uses the samples when there is no test data, and pairs a lonely input with an empty answer', () => {
    const [p] = parseFps(
      item(
        '<title>T</title><time_limit>2</time_limit><memory_limit>256</memory_limit><sample_input>5</sample_input><sample_output>5</sample_output>',
      ),
    );
    expect(p.cases.map((c) => c.input.toString())).toEqual(['5']);
    expect(p.notices).toEqual([{ key: 'import.fps.samplesAsTests', params: { item: 'T' } }]);
    expect([p.timeLimit, p.memoryLimit]).toEqual([2000, 256]);
    const [q] = parseFps(
      item(
        '<title>U</title><time_limit>1</time_limit><memory_limit>1</memory_limit><test_input>1</test_input><test_input>2</test_input><test_output>x</test_output>',
      ),
    );
    expect(q.cases.map((c) => [c.input.toString(), c.output.toString()])).toEqual([
      ['1', 'x'],
      ['2', ''],
    ]);
  });

  it.each([
    ['not XML', 'this is not xml <', 'import.badXml'],
    ['another XML document', '<?xml version="1.0"?><problems/>', 'import.fps.notFps'],
    ['an FPS file without items', '<fps version="1.2"></fps>', 'import.fps.noItems'],
    [
      'an item without data',
      item('<title>V</title><time_limit>1</time_limit><memory_limit>64</memory_limit>'),
      'import.fps.noTestData',
    ],
    [
      'a Pascal special judge',
      item(
        '<title>W</title><time_limit>1</time_limit><memory_limit>64</memory_limit><test_input>1</test_input><test_output>1</test_output><spj language="Pascal">begin end.</spj>',
      ),
      'import.fps.spjLanguage',
    ],
    [
      'a bad limit',
      item(
        '<title>Y</title><time_limit>soon</time_limit><memory_limit>64</memory_limit><test_input>1</test_input><test_output>1</test_output>',
      ),
      'import.fps.badLimit',
    ],
  ])('refuses %s', (_, text, key) => {
    expect(refusal(() => parseFps(text)).key).toBe(key);
  });

  it('refuses an archive sent to the FPS endpoint', async () => {
    const upload = { filename: 'x.xml', data: makeZip([{ name: 'a.xml', data: xml }]) };
    await expect(parseUpload('fps', upload, IMPORT_DEFAULTS)).rejects.toMatchObject({
      key: 'import.fps.notXml',
    });
  });
});

describe('the HUSTOJ special judge adapter', () => {
  const dir = mkdtempSync(join(tmpdir(), 'verdict-spj-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const judge = (binary: string, output: string) => {
    writeFileSync(join(dir, 'in'), '91\n');
    writeFileSync(join(dir, 'ans'), '7\n');
    writeFileSync(join(dir, 'out'), output);
    // testlib order: checker input output answer
    return spawnSync(binary, [join(dir, 'in'), join(dir, 'out'), join(dir, 'ans')]).status;
  };

  // g++ -O2 on testlib.h takes seconds, more on a busy machine: past the unit tests' 5 s limit
  it('passes the files in HUSTOJ order and maps the exit code (C++)', () => {
    const [, b] = parseFps(xml);
    writeFileSync(join(dir, 'spj.cpp'), b.program?.code ?? '');
    writeFileSync(join(dir, 'hustoj_spj.cpp'), b.program?.extraFiles['hustoj_spj.cpp'] ?? '');
    execFileSync('g++', ['-std=gnu++17', '-O2', '-o', join(dir, 'spj'), join(dir, 'spj.cpp')]);
    expect(judge(join(dir, 'spj'), '13\n')).toBe(0);
    expect(judge(join(dir, 'spj'), '7\n')).toBe(0);
    expect(judge(join(dir, 'spj'), '5\n')).toBe(1);
    expect(judge(join(dir, 'spj'), '91\n')).toBe(1);
  }, 60_000);

  it('works for a C special judge that reads the answer file', () => {
    const [p] = parseFps(
      item(`<title>Z</title><time_limit>1</time_limit><memory_limit>64</memory_limit>
<test_input>91</test_input><test_output>7</test_output>
<spj language="C"><![CDATA[#include <stdio.h>
int main(int argc, char **args) {
  FILE *ans = fopen(args[2], "r"), *user = fopen(args[3], "r");
  int a, u;
  if (fscanf(ans, "%d", &a) != 1 || fscanf(user, "%d", &u) != 1) return 1;
  return a == u ? 0 : 1;
}]]></spj>`),
    );
    expect(p.program?.language).toBe('C');
    writeFileSync(join(dir, 'spj.c'), p.program?.code ?? '');
    writeFileSync(join(dir, 'hustoj_spj.c'), p.program?.extraFiles['hustoj_spj.c'] ?? '');
    execFileSync('gcc', ['-std=gnu11', '-O2', '-o', join(dir, 'spjc'), join(dir, 'spj.c')]);
    expect(judge(join(dir, 'spjc'), '7\n')).toBe(0);
    expect(judge(join(dir, 'spjc'), '13\n')).toBe(1);
  });
});

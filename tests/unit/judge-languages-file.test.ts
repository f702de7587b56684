/**
 * The operator's languages file (docs/judge.md, Languages): the schema, and every refusal naming
 * the file, the entry and the field, before anything is judged.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LanguageSpec } from '../../judge/language-spec';
import {
  LanguagesFileError,
  loadLanguagesFile,
  mergeLanguages,
  operatorLanguages,
  parseLanguagesFile,
} from '../../judge/languages-file';

const dir = mkdtempSync(join(tmpdir(), 'verdict-languages-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let seq = 0;
function writeJson(value: unknown): string {
  const file = join(dir, `languages-${++seq}.json`);
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
}

const BASH = {
  name: 'Bash',
  description: 'GNU Bash',
  contentType: 'text/x-sh',
  sourceFile: 'main.sh',
  compile: null,
  run: ['/bin/bash', 'main.sh'],
  timeFactor: 2,
  memoryFactor: 2,
  template: 'read a b\necho $((a + b))\n',
};

async function refusal(entry: Record<string, unknown>): Promise<string> {
  const file = writeJson([BASH, entry]);
  const err = await loadLanguagesFile(file).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(LanguagesFileError);
  const message = (err as Error).message;
  // every refusal names the variable, the file and the entry
  expect(message).toContain(`VERDICT_LANGUAGES_FILE ${file}: entry 2`);
  return message;
}

describe('the languages file', () => {
  it('adds a language with the defaults of an interpreted one, its program resolved to the real path', async () => {
    const [bash] = await loadLanguagesFile(writeJson([BASH]));
    expect(bash).toEqual({
      ...BASH,
      run: ['/usr/bin/bash', 'main.sh'],
      extraMemoryMB: 0,
      runPids: 64,
      addressSpaceLimit: true,
      binds: [],
      dirs: [],
      env: {},
    });
  });

  it('finds a bare command name on PATH and keeps the optional fields as given', async () => {
    const [entry] = await loadLanguagesFile(
      writeJson([
        {
          ...BASH,
          compile: ['bash', '-n', 'main.sh'],
          run: ['bash', 'main.sh'],
          extraMemoryMB: 16,
          runPids: 8,
          addressSpaceLimit: false,
          env: { LC_ALL: 'C' },
        },
      ]),
    );
    expect(entry?.compile).toEqual(['/usr/bin/bash', '-n', 'main.sh']);
    expect(entry).toMatchObject({
      extraMemoryMB: 16,
      runPids: 8,
      addressSpaceLimit: false,
      env: { LC_ALL: 'C' },
    });
  });

  it('lets run name what compiling left in the box, with the memory and stack placeholders', async () => {
    const [entry] = await loadLanguagesFile(
      writeJson([
        {
          ...BASH,
          name: 'Bin',
          compile: ['/bin/cp', 'main.sh', 'main'],
          run: ['/w/main', '-m{memoryMB}', '-s{stackMB}'],
        },
      ]),
    );
    expect(entry?.run).toEqual(['/w/main', '-m{memoryMB}', '-s{stackMB}']);
    expect(entry?.compile?.[0]).toBe('/usr/bin/cp');
  });

  it('binds a toolchain outside /usr and runs it at its place in the sandbox, parents created', async () => {
    const home = join(dir, 'tool');
    mkdirSync(join(home, 'bin'), { recursive: true });
    writeFileSync(join(home, 'bin', 'tool'), '#!/bin/sh\n');
    chmodSync(join(home, 'bin', 'tool'), 0o755);
    const [entry] = await loadLanguagesFile(
      writeJson([
        {
          ...BASH,
          name: 'Tool',
          run: [join(home, 'bin', 'tool'), 'main.sh'],
          binds: [{ src: home, dst: '/opt/tool' }],
        },
      ]),
    );
    expect(entry?.run[0]).toBe('/opt/tool/bin/tool');
    expect(entry?.binds).toEqual([{ src: home, dst: '/opt/tool' }]);
    expect(entry?.dirs).toEqual(['/opt']);

    // without the bind, the sandbox could not see it: refused, not judged as a Runtime Error later
    const message = await refusal({ ...BASH, name: 'Tool', run: [join(home, 'bin', 'tool')] });
    expect(message).toContain('run[0]');
    expect(message).toContain('the sandbox cannot see');
  });

  it('refuses a name longer than 64 characters', async () => {
    const message = await refusal({ ...BASH, name: 'x'.repeat(65) });
    expect(message).toMatch(/name: .*64/);
  });

  it('refuses unknown fields (a typo must not be ignored) and missing ones', async () => {
    expect(await refusal({ ...BASH, name: 'Typo', runn: ['/bin/bash'] })).toContain('runn');
    const { template: _t, ...noTemplate } = BASH;
    expect(await refusal({ ...noTemplate, name: 'NoTemplate' })).toContain('template:');
  });

  it('keeps sourceFile a plain file name', async () => {
    for (const sourceFile of ['../main.sh', 'src/main.sh', '/w/main.sh', '.hidden', '']) {
      expect(await refusal({ ...BASH, name: 'Src', sourceFile })).toContain('sourceFile:');
    }
  });

  it('refuses relative or escaping bind paths, and binds over the sandbox', async () => {
    for (const binds of [
      ['relative/dir'],
      ['/opt/../etc'],
      ['/opt/x/'],
      [{ src: '/usr', dst: 'opt' }],
      ['/'],
    ]) {
      expect(await refusal({ ...BASH, name: 'Binds', binds })).toContain('binds[0]');
    }
    for (const dst of ['/w', '/w/lib', '/tmp/x', '/proc/self', '/usr']) {
      expect(await refusal({ ...BASH, name: 'Over', binds: [{ src: '/usr/lib', dst }] })).toContain(
        'binds[0]',
      );
    }
    expect(await refusal({ ...BASH, name: 'Dirs', dirs: ['relative'] })).toContain('dirs[0]');
    const missing = await refusal({ ...BASH, name: 'Gone', binds: ['/opt/no-such-toolchain-here'] });
    expect(missing).toContain('"/opt/no-such-toolchain-here" does not exist');
  });

  it('names a missing executable, and refuses a version manager shim', async () => {
    const missing = await refusal({ ...BASH, name: 'Missing', compile: ['/usr/bin/no-such-compiler', 'x'] });
    expect(missing).toContain('compile[0]: "/usr/bin/no-such-compiler" is not an executable');
    const onPath = await refusal({ ...BASH, name: 'NoCmd', run: ['no-such-command-xyz'] });
    expect(onPath).toContain('"no-such-command-xyz" is not found on PATH');
    const shims = join(dir, 'shims');
    mkdirSync(shims, { recursive: true });
    writeFileSync(join(shims, 'python3'), '#!/bin/sh\nexec pyenv exec python3 "$@"\n');
    chmodSync(join(shims, 'python3'), 0o755);
    const shim = await refusal({ ...BASH, name: 'Shim', run: [join(shims, 'python3'), 'main.py'] });
    expect(shim).toContain('shim');
    expect(await refusal({ ...BASH, name: 'Rel', run: ['bin/bash'] })).toContain(
      'absolute path or a command name',
    );
  });

  it('knows only the {memoryMB} and {stackMB} placeholders, and only in run', async () => {
    expect(await refusal({ ...BASH, name: 'P1', run: ['/bin/bash', '{home}/main.sh'] })).toContain('run:');
    expect(await refusal({ ...BASH, name: 'P2', compile: ['/bin/bash', '-n', '{memoryMB}'] })).toContain(
      'compile:',
    );
  });

  it('refuses a duplicate name, a file that is not a JSON array, and a file it cannot read', async () => {
    expect(await refusal({ ...BASH })).toContain('already used by entry 1');
    const notJson = writeJson('[{');
    await expect(loadLanguagesFile(notJson)).rejects.toThrow(
      `VERDICT_LANGUAGES_FILE ${notJson}: not valid JSON`,
    );
    const object = writeJson({ languages: [BASH] });
    await expect(loadLanguagesFile(object)).rejects.toThrow('must be a JSON array');
    await expect(loadLanguagesFile(join(dir, 'absent.json'))).rejects.toThrow(/cannot be read \(ENOENT\)/);
    expect(() => parseLanguagesFile('[1]', 'f.json')).toThrow(
      'VERDICT_LANGUAGES_FILE f.json: entry 1: the entry:',
    );
  });

  it('is read only when VERDICT_LANGUAGES_FILE is set', async () => {
    expect(await operatorLanguages({})).toEqual([]);
    const file = writeJson([BASH]);
    expect((await operatorLanguages({ VERDICT_LANGUAGES_FILE: file })).map((l) => l.name)).toEqual(['Bash']);
  });

  it('replaces a detected language of the same name in place and adds new ones last', () => {
    const lang = (name: string, description = name) => ({ name, description }) as LanguageSpec;
    const merged = mergeLanguages(
      [lang('C'), lang('Python3'), lang('Java')],
      [lang('Bash'), lang('Python3', 'mine')],
    );
    expect(merged.map((l) => [l.name, l.description])).toEqual([
      ['C', 'C'],
      ['Python3', 'mine'],
      ['Java', 'Java'],
      ['Bash', 'Bash'],
    ]);
  });
});

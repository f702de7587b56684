/**
 * One problem as a Kattis problem package (the legacy format, which problemtools' verifyproblem
 * and DOMjudge read, and which this server's Kattis import reads back): docs/problem-formats.md,
 * Kattis export. Root only, as HOJ's own export.
 *
 * - `problem.yaml`: name, source, keywords (the tags), `type: scoring` for OI problems,
 *   `validation: custom` (and `interactive`) for a Kattis-protocol checker or interactor,
 *   `validator_flags`, and `limits.memory`; the time limit goes to `.timelimit` (DOMjudge's file,
 *   which problemtools leaves alone, since its legacy format derives time limits itself).
 * - `problem_statement/problem.<en|zh>.md`: the description, then Input, Output and Notes (the
 *   hint) headings.
 * - `data/sample/NN.in|.ans`: the statement's samples (`NN.interaction` transcripts for an
 *   interactive problem). `data/secret/...`: the test cases, less
 *   those that only repeat a sample (a Kattis import judges its samples too, as cases worth 0).
 *   Per-case points need a directory each (`accept_score` is per directory); subtask groups are
 *   directories with `grader_flags: min` or `avg`.
 * - `output_validators/<name>/`: the checker or interactor with its files.
 *
 * What Kattis cannot say is refused with a message rather than exported wrong: testlib and HOJ
 * checkers (their arguments differ from Kattis'), file IO, groups whose cases carry different
 * points, and a problem without test cases.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import YAML from 'yaml';
import { ZipFile } from 'yazl';
import { parseExamples } from '../../../shared/api/examples';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { isRootUser } from '../authz';
import { AppError, forbidden } from '../errors';
import type { FileStore } from '../files/store';
import { importError } from './archive';
import { exampleText } from './common';
import { type CaseRow, readCases, readRelated } from './hoj-export';

/** Problem type 1 is OI (scored) in HOJ's table. */
const OI = 1;
/** Sample comparison reads case files up to this size; a larger case is never a sample. */
const SAMPLE_BYTES = 64 * 1024;

const two = (n: number) => String(n).padStart(2, '0');

/** Is the case only a repetition of one of the statement's samples (worth nothing)? */
async function isSampleCase(files: FileStore, c: CaseRow, samples: { input: string; output: string }[]) {
  if (c.score !== 0 || c.input_size > SAMPLE_BYTES || c.output_size > SAMPLE_BYTES) return false;
  const [input, output] = await Promise.all([
    readFile(files.pathOf(c.input_hash)),
    readFile(files.pathOf(c.output_hash)),
  ]);
  return samples.some((s) => s.input === exampleText(input) && s.output === exampleText(output));
}

/** Where each secret case goes, with the testdata.yaml of its directory. */
function secretLayout(
  mode: string,
  oi: boolean,
  cases: CaseRow[],
  problemId: string,
): { dir: string; cases: CaseRow[]; config: Record<string, unknown> | null }[] {
  if (mode === 'subtask_lowest' || mode === 'subtask_average') {
    const groups = new Map<number, CaseRow[]>();
    for (const c of cases) groups.set(c.group_num ?? 0, [...(groups.get(c.group_num ?? 0) ?? []), c]);
    return [...groups.entries()].map(([num, members], i) => {
      const points = new Set(members.map((m) => m.score));
      if (points.size > 1)
        throw importError('kattisExport.groupScores', {
          problemId,
          group: num,
          scores: [...points].join(', '),
        });
      return {
        dir: `data/secret/group${two(i + 1)}`,
        cases: members,
        config: {
          grader_flags: mode === 'subtask_lowest' ? 'min' : 'avg',
          accept_score: members[0]?.score ?? 0,
        },
      };
    });
  }
  // ACM: every case must pass; OI: each case's own points (one directory per case)
  if (!oi) return [{ dir: 'data/secret', cases, config: null }];
  return cases.map((c, i) => ({
    dir: `data/secret/${two(i + 1)}`,
    cases: [c],
    config: { accept_score: c.score },
  }));
}

const CHECKER_FILE: Record<string, string> = {
  C: 'validator.c',
  'C++': 'validator.cpp',
  'C++ 20': 'validator.cpp',
  Python3: 'validator.py',
  Java: 'Validator.java',
};

/** The zip of one problem as a Kattis package, all or nothing. */
export async function exportKattisProblem(
  db: Db,
  files: FileStore,
  user: CurrentUser,
  pid: number,
): Promise<{ fileName: string; zip: Readable }> {
  if (!isRootUser(user)) throw forbidden();
  const row = await db.kysely.selectFrom('problem').selectAll().where('id', '=', pid).executeTakeFirst();
  if (!row) throw new AppError(404, 'import.hoj.exportMissing', { pids: String(pid) });
  const problemId = row.problem_id;
  const checker = row.judge_mode === 'spj' || row.judge_mode === 'interactive';
  if (checker && row.spj_protocol !== 'kattis')
    throw importError('kattisExport.checkerProtocol', { problemId, protocol: row.spj_protocol });
  if (checker && !CHECKER_FILE[row.spj_language ?? ''])
    throw importError('kattisExport.checkerLanguage', { problemId, language: row.spj_language ?? '' });
  if (row.is_file_io === 1) throw importError('kattisExport.fileIo', { problemId });
  const [cases, related] = await Promise.all([readCases(db, [pid]), readRelated(db, [pid])]);
  if (cases.length === 0) throw importError('kattisExport.noCases', { problemId });
  const samples = parseExamples(row.examples).map((e) => ({
    input: exampleText(e.input),
    output: exampleText(e.output),
  }));
  const sampleFlags = await Promise.all(cases.map((c) => isSampleCase(files, c, samples)));
  const secret = cases.filter((_, i) => !sampleFlags[i]);
  const oi = row.type === OI;
  const layout = secretLayout(row.judge_case_mode, oi, secret, problemId);
  for (const c of cases) {
    for (const hash of [c.input_hash, c.output_hash]) {
      // refused now rather than a zip that breaks off halfway through the download
      if (!existsSync(files.pathOf(hash)))
        throw new Error(`test file ${hash} of problem ${pid} is missing from the store`);
    }
  }

  const tags = related.get(pid)?.tags ?? [];
  const yaml: Record<string, unknown> = {
    name: row.title,
    ...(row.source ? { source: row.source } : {}),
    ...(tags.length > 0 ? { keywords: tags.join(' ') } : {}),
    ...(oi || row.judge_case_mode.startsWith('subtask') ? { type: 'scoring' } : {}),
    ...(checker ? { validation: row.judge_mode === 'interactive' ? 'custom interactive' : 'custom' } : {}),
    ...(row.validator_flags ? { validator_flags: row.validator_flags } : {}),
    limits: { memory: row.memory_limit },
  };
  const zip = new ZipFile();
  const text = (value: string, path: string) => zip.addBuffer(Buffer.from(value), path);
  text(YAML.stringify(yaml), 'problem.yaml');
  text(`${(row.time_limit / 1000).toString()}\n`, '.timelimit');

  const zh = /[\u3400-\u9fff]/.test(`${row.title}${row.description}`);
  const statement = [
    row.description.trim(),
    `## Input\n\n${row.input.trim()}`,
    `## Output\n\n${row.output.trim()}`,
    ...(row.hint.trim() ? [`## Notes\n\n${row.hint.trim()}`] : []),
  ].join('\n\n');
  text(`${statement}\n`, `problem_statement/problem.${zh ? 'zh' : 'en'}.md`);

  const line = (t: string) => (t.endsWith('\n') ? t : `${t}\n`);
  parseExamples(row.examples).forEach((e, i) => {
    if (row.judge_mode === 'interactive') {
      // the statement's sample of an interactive problem is a transcript: what the program reads
      // ("<") and what it writes (">"); it is shown, not judged
      const lines = (t: string, mark: string) => (t ? t.split('\n').map((l) => `${mark}${l}\n`) : []);
      text(
        [...lines(e.input, '<'), ...lines(e.output, '>')].join(''),
        `data/sample/${two(i + 1)}.interaction`,
      );
      return;
    }
    text(line(e.input), `data/sample/${two(i + 1)}.in`);
    text(line(e.output), `data/sample/${two(i + 1)}.ans`);
  });
  if (oi || row.judge_case_mode.startsWith('subtask'))
    text(YAML.stringify({ on_reject: 'continue' }), 'data/secret/testdata.yaml');
  for (const part of layout) {
    if (part.config) text(YAML.stringify(part.config), `${part.dir}/testdata.yaml`);
    part.cases.forEach((c, i) => {
      const name = `${part.dir}/${two(i + 1)}`;
      zip.addFile(files.pathOf(c.input_hash), `${name}.in`);
      zip.addFile(files.pathOf(c.output_hash), `${name}.ans`);
    });
  }
  if (checker && row.spj_code !== null) {
    const dir = `output_validators/${row.judge_mode === 'interactive' ? 'interactor' : 'checker'}`;
    text(row.spj_code, `${dir}/${CHECKER_FILE[row.spj_language ?? ''] ?? 'validator.cpp'}`);
    const extra = row.judge_extra_file ? (JSON.parse(row.judge_extra_file) as Record<string, string>) : {};
    for (const [name, content] of Object.entries(extra)) text(content, `${dir}/${name}`);
  }
  zip.end();
  const safeName = problemId.replace(/[^A-Za-z0-9_-]+/g, '_') || `problem_${pid}`;
  return { fileName: `${safeName}.kattis.zip`, zip: zip.outputStream as Readable };
}

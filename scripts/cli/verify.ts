/**
 * `verdict verify <package dir | .zip> [--time-limit MS] [--lang zh-CN|en-US]`: judges a problem
 * package's own example submissions (Kattis submissions/<verdict>/..., Polygon solutions with
 * tags) with the local judge, without a server, and prints expected against actual verdicts.
 * Exit 0: every judged submission got an expected verdict; 1: a mismatch; 2: unusable package
 * or arguments. The verification itself is server/services/packages/verify.ts (the admin
 * console's Verify runs it too); this file reads the package and prints.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { detectLanguages, judgeSubmission } from '../../judge';
import { AppError } from '../../server/services/errors';
import { readDirectory, readZip } from '../../server/services/packages/archive';
import { IMPORT_DEFAULTS } from '../../server/services/packages/settings';
import type { ParsedProblem } from '../../server/services/packages/types';
import {
  countStates,
  packageProblem,
  prepareVerification,
  runVerification,
  type VerifyResult,
} from '../../server/services/packages/verify';
import { type JudgeStatusCode, STATUS_INFO } from '../../shared/constants/judge-status';
import { createI18n, normalizeLanguage } from '../../shared/i18n';
import { allResources } from '../../shared/i18n/all-messages';

export { matches } from '../../server/services/packages/verify';

type T = (key: string, params?: Record<string, string | number>) => string;

const statusName = (s: number) => STATUS_INFO[s as JudgeStatusCode]?.short.toUpperCase() ?? String(s);

async function loadProblem(path: string, defaults: typeof IMPORT_DEFAULTS): Promise<ParsedProblem> {
  const info = await stat(path);
  const pkg = info.isDirectory() ? await readDirectory(path) : await readZip(await readFile(path));
  return packageProblem(pkg, path, defaults);
}

/** One result as a line of the report (`head` is the padded path and language). */
function resultLine(r: VerifyResult, head: string, t: T): string {
  if (r.state === 'skipped') {
    const reason = r.reason ? t(r.reason.key, r.reason.params) : '';
    return `${head}  ${t('import.verify.skipped', { reason })}`;
  }
  const good = r.state === 'ok';
  const detail =
    !good && r.failedCase
      ? ` (#${r.failedCase.seq} ${r.failedCase.name} ${r.failedCase.message ?? ''})`.trimEnd()
      : !good && r.message !== undefined
        ? ` (${r.message})`
        : '';
  return `${head}  ${t(good ? 'import.verify.ok' : 'import.verify.mismatch', {
    expected: r.expected.map(statusName).join('|'),
    actual: statusName(r.actual ?? 0),
    score: r.score ?? '-',
    time: r.time ?? 0,
  })}${detail}`;
}

export async function run(args: string[]): Promise<number> {
  let values: { 'time-limit'?: string; lang?: string };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args,
      options: { 'time-limit': { type: 'string' }, lang: { type: 'string' } },
      allowPositionals: true,
    }));
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    positionals = [];
    values = {};
  }
  const lang = normalizeLanguage(values.lang ?? process.env.VERDICT_LANG ?? process.env.LANG) ?? 'en-US';
  // the importer's messages are the admin console's
  const i18n = createI18n(lang, allResources);
  const t: T = (key, params) => i18n.t(key, params);
  if (positionals.length !== 1) {
    process.stderr.write(`${t('import.verify.usage')}\n`);
    return 2;
  }
  const defaults = { ...IMPORT_DEFAULTS };
  if (values['time-limit'] !== undefined) {
    const ms = Number(values['time-limit']);
    if (!Number.isInteger(ms) || ms <= 0) {
      process.stderr.write(`${t('import.verify.usage')}\n`);
      return 2;
    }
    defaults.timeLimitMs = ms;
  }

  let problem: ParsedProblem;
  try {
    problem = await loadProblem(positionals[0] as string, defaults);
  } catch (e) {
    const message = e instanceof AppError ? t(e.key, e.params) : (e as Error).message;
    process.stderr.write(`${t('import.verify.cannotRead', { detail: message })}\n`);
    return 2;
  }
  const out = (line: string): void => {
    process.stdout.write(`${line}\n`);
  };
  out(
    t('import.verify.header', {
      title: problem.title,
      cases: problem.cases.length,
      mode: problem.judgeMode,
      timeLimit: problem.timeLimit,
      memoryLimit: problem.memoryLimit,
    }),
  );
  for (const n of problem.notices) out(`  ! ${t(n.key, n.params)}`);
  if (problem.submissions.length === 0) {
    out(t('import.verify.noSubmissions'));
    return 0;
  }

  const languages = new Set((await detectLanguages()).map((l) => l.name));
  const dir = await mkdtemp(join(tmpdir(), 'verdict-verify-'));
  let results: VerifyResult[];
  try {
    const prepared = await prepareVerification(problem, dir);
    const width = Math.max(...problem.submissions.map((s) => s.path.length));
    const report = await runVerification(
      prepared,
      { judge: (task) => judgeSubmission(task), languages },
      // each line as soon as its submission is judged: a package can take minutes
      (r) => {
        out(resultLine(r, `  ${r.path.padEnd(width)}  ${(r.language ?? '-').padEnd(8)}`, t));
      },
    );
    results = report.results;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const counts = countStates(results);
  out(t('import.verify.summary', { ok: counts.ok, mismatch: counts.mismatch, skipped: counts.skipped }));
  return counts.mismatch > 0 ? 1 : 0;
}

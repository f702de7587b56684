/**
 * QDUOJ's problem export (docs/problem-formats.md, QDUOJ zip): one folder per problem holding
 * problem.json and testcase/ (1.in 1.out 2.in ...; a special-judge problem has inputs only).
 * Statements are HTML and kept as they are; the samples are inline; `answers` (the exporter's own
 * accepted submissions) become example submissions `verdict verify` judges.
 */
import { JudgeStatus } from '../../../shared/constants/judge-status';
import { byteOrder, importError, type PackageFiles } from './archive';
import { displayId, distributeScore, example, lf } from './common';
import { judgeLanguageOf } from './hoj-languages';
import { spjLanguage, wrapSpj } from './spj-adapters';
import type { ExampleSubmission, ImportNotice, ParsedCase, ParsedProblem } from './types';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Folders holding a problem.json ('' when it sits at the top), in byte order. */
export function qduojRoots(pkg: PackageFiles): string[] {
  return pkg
    .paths()
    .filter((p) => p === 'problem.json' || p.endsWith('/problem.json'))
    .map((p) => p.slice(0, -'problem.json'.length).replace(/\/$/, ''))
    .sort(byteOrder);
}

interface Ctx {
  file: string;
  notices: ImportNotice[];
}

const bad = (ctx: Ctx, field: string, value: unknown) =>
  importError('qduoj.badField', { file: ctx.file, field, value: JSON.stringify(value) ?? 'undefined' });

/** QDUOJ keeps each statement section as {format, value}; older exports as a plain string. */
function section(ctx: Ctx, json: Json, field: string): string {
  const v = json[field];
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v.trim();
  if (isObject(v) && typeof v.value === 'string') return v.value.trim();
  throw bad(ctx, field, v);
}

function positive(ctx: Ctx, json: Json, field: string): number {
  const v = json[field];
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) throw bad(ctx, field, v);
  return Math.ceil(v);
}

function readJson(pkg: PackageFiles, file: string): Json {
  let value: unknown;
  try {
    value = JSON.parse(pkg.text(file) ?? '');
  } catch (e) {
    throw importError('qduoj.badJson', { file, detail: e instanceof Error ? e.message : String(e) });
  }
  if (!isObject(value)) throw importError('qduoj.badJson', { file, detail: 'not an object' });
  return value;
}

const caseNumber = (name: string) => Number.parseInt(name, 10);

/** The cases test_case_score lists, or else every N.in (with N.out) in number order. */
function readCases(pkg: PackageFiles, dir: string, ctx: Ctx, json: Json, spj: boolean): ParsedCase[] {
  const folder = dir ? `${dir}/testcase` : 'testcase';
  const present = new Set(pkg.list(folder));
  const listed = json.test_case_score;
  let entries: { input: string; output: string | null; score: number }[];
  if (Array.isArray(listed) && listed.length > 0) {
    entries = listed.map((item, i) => {
      if (!isObject(item) || typeof item.input_name !== 'string')
        throw bad(ctx, `test_case_score[${i}]`, item);
      const output = typeof item.output_name === 'string' && item.output_name ? item.output_name : null;
      const score = typeof item.score === 'number' && item.score >= 0 ? Math.round(item.score) : 0;
      return { input: item.input_name, output, score };
    });
  } else {
    entries = [...present]
      .filter((n) => /^\d+\.in$/.test(n))
      .sort((a, b) => caseNumber(a) - caseNumber(b))
      .map((input) => ({ input, output: input.replace(/\.in$/, '.out'), score: 0 }));
  }
  if (entries.length === 0) throw importError('qduoj.noCases', { file: ctx.file, folder });

  const used = new Set<string>();
  const cases = entries.map((e) => {
    const input = pkg.get(`${folder}/${e.input}`);
    if (!input) throw importError('qduoj.inputMissing', { file: ctx.file, path: `${folder}/${e.input}` });
    used.add(e.input);
    let output = e.output ? pkg.get(`${folder}/${e.output}`) : undefined;
    if (output) used.add(e.output ?? '');
    else if (!spj) {
      throw importError('qduoj.outputMissing', {
        file: ctx.file,
        input: `${folder}/${e.input}`,
        output: e.output ?? '',
      });
    }
    // a QDUOJ special judge reads no answer file: its cases have none
    output ??= Buffer.alloc(0);
    return {
      name: `${folder}/${e.input}`,
      input: lf(input),
      output: lf(output),
      score: e.score,
      groupNum: null,
      inputName: e.input,
      outputName: e.output ?? e.input.replace(/\.in$/, '.out'),
    };
  });
  const stray = [...present].filter((n) => !used.has(n) && n !== 'info');
  if (stray.length > 0)
    ctx.notices.push({ key: 'import.qduoj.filesIgnored', params: { folder, list: stray.join(', ') } });
  return cases;
}

/** QDUOJ templates are {language: {prepend, template, append}}: only plain ones become templates. */
function readTemplates(ctx: Ctx, json: Json): { language: string; code: string }[] {
  const value = json.template;
  if (!isObject(value)) return [];
  const kept: { language: string; code: string }[] = [];
  const dropped: string[] = [];
  for (const [name, t] of Object.entries(value)) {
    const language = judgeLanguageOf(name);
    const parts = isObject(t) ? t : { template: t };
    const hidden = [parts.prepend, parts.append].some((p) => typeof p === 'string' && p.trim() !== '');
    if (
      !language ||
      hidden ||
      typeof parts.template !== 'string' ||
      kept.some((k) => k.language === language)
    )
      dropped.push(name);
    else kept.push({ language, code: parts.template });
  }
  if (dropped.length > 0)
    ctx.notices.push({
      key: 'import.qduoj.templatesDropped',
      params: { file: ctx.file, list: dropped.join(', ') },
    });
  return kept;
}

function readAnswers(ctx: Ctx, json: Json): ExampleSubmission[] {
  if (!Array.isArray(json.answers)) return [];
  return json.answers.flatMap((a, i): ExampleSubmission[] => {
    if (!isObject(a) || typeof a.code !== 'string' || typeof a.language !== 'string') return [];
    const language = judgeLanguageOf(a.language);
    return [
      {
        path: `${ctx.file} answers[${i}] (${a.language})`,
        language,
        code: a.code,
        expectation: 'accepted',
        expected: [JudgeStatus.ACCEPTED],
        unsupported: language
          ? undefined
          : { key: 'import.qduoj.answerLanguage', params: { language: a.language } },
      },
    ];
  });
}

function tagsOf(json: Json): string[] {
  if (!Array.isArray(json.tags)) return [];
  return [
    ...new Set(json.tags.filter((t): t is string => typeof t === 'string').map((t) => t.trim())),
  ].filter(Boolean);
}

/** One problem of a QDUOJ export: its folder's problem.json and testcase/. */
export function parseQduojProblem(pkg: PackageFiles, dir: string): ParsedProblem {
  const file = dir ? `${dir}/problem.json` : 'problem.json';
  const notices: ImportNotice[] = [];
  const ctx: Ctx = { file, notices };
  const json = readJson(pkg, file);

  const title = typeof json.title === 'string' ? json.title.trim() : '';
  if (!title) throw importError('qduoj.missingField', { file, field: 'title' });
  const given = json.display_id ?? json._id;
  const problemId = typeof given === 'string' || typeof given === 'number' ? displayId(String(given)) : null;
  if (given !== undefined && problemId !== String(given).trim())
    notices.push({
      key: 'import.qduoj.problemIdChanged',
      params: { file, from: String(given), to: problemId ?? '' },
    });

  let program = null;
  if (isObject(json.spj) && typeof json.spj.code === 'string' && json.spj.code.trim()) {
    const name = typeof json.spj.language === 'string' ? json.spj.language : '';
    const language = spjLanguage(name);
    if (!language) throw importError('qduoj.spjLanguage', { file, language: name });
    program = wrapSpj('qduoj', language, json.spj.code);
  }

  const type = json.rule_type === 'OI' ? 1 : 0;
  const cases = readCases(pkg, dir, ctx, json, program !== null);
  if (type === 1 && cases.every((c) => c.score === 0)) {
    distributeScore(100, cases.length).forEach((score, i) => {
      cases[i].score = score;
    });
    notices.push({ key: 'import.qduoj.scoresDistributed', params: { file } });
  }
  const samples = Array.isArray(json.samples) ? json.samples.filter(isObject) : [];

  return {
    problemId,
    title,
    description: section(ctx, json, 'description'),
    input: section(ctx, json, 'input_description'),
    output: section(ctx, json, 'output_description'),
    hint: section(ctx, json, 'hint'),
    source: typeof json.source === 'string' ? json.source.trim() : '',
    timeLimit: positive(ctx, json, 'time_limit'),
    memoryLimit: positive(ctx, json, 'memory_limit'),
    type,
    judgeMode: program ? 'spj' : 'default',
    judgeCaseMode: 'default',
    ioScore: type === 1 ? cases.reduce((sum, c) => sum + c.score, 0) : 100,
    // QDUOJ forgives trailing whitespace at the end of the output
    isRemoveEndBlank: true,
    examples: samples.map((s) =>
      example(typeof s.input === 'string' ? s.input : '', typeof s.output === 'string' ? s.output : ''),
    ),
    cases,
    program,
    validatorFlags: null,
    fileIO: null,
    languages: null,
    tags: tagsOf(json),
    codeTemplates: readTemplates(ctx, json),
    submissions: readAnswers(ctx, json),
    notices,
  };
}

/** Every problem of a QDUOJ export zip. */
export function parseQduoj(pkg: PackageFiles): ParsedProblem[] {
  const roots = qduojRoots(pkg);
  if (roots.length === 0) throw importError('qduoj.noProblemJson');
  return roots.map((dir) => parseQduojProblem(pkg, dir));
}

import { type Example, formatExamples, parseExamples } from '@/shared/api/examples';
import type { AdminProblem, AdminProblemCase, CodeTemplate } from '@/shared/api/problem-editor-types';
import type { JudgeCaseMode, JudgeMode, Language, Tag } from '@/shared/api/types';
import { ProblemAuth, ProblemType } from '@/shared/constants/problems';
import type { ProblemDtoForm } from '@/shared/schemas/problem-admin';

/** Where a save takes the test cases from. */
export type CaseSource = 'keep' | 'upload' | 'manual';

/** A case whose files are on the server (kept or just uploaded): only its score and group change. */
export interface FileCase {
  id?: number;
  /** file names */
  input: string;
  output: string;
  inputSize?: number;
  outputSize?: number;
  inputPreview?: string;
  outputPreview?: string;
  score: number | null;
  groupNum: number | null;
}

/** A case typed into the editor: its contents. */
export interface TypedCase {
  input: string;
  output: string;
  score: number | null;
  groupNum: number | null;
}

/** A language's own starting code; `lid` is the language's id in the judge's list. */
export interface TemplateValue {
  lid: number;
  language: string;
  enabled: boolean;
  code: string;
}

/** A file of the problem's annex (next to a contestant's source) or of its judge (next to the checker). */
export interface ExtraFileValue {
  name: string;
  content: string;
}

/** HOJ's `{name: content}` JSON text as the form's list; text that is not such an object is no files. */
export function parseExtraFiles(json: string | null | undefined): ExtraFileValue[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
    return Object.entries(value)
      .filter((e): e is [string, string] => typeof e[1] === 'string')
      .map(([name, content]) => ({ name, content }));
  } catch {
    return [];
  }
}

/** The form's list as HOJ's JSON text; no files is ''. */
export function formatExtraFiles(files: readonly ExtraFileValue[]): string {
  if (files.length === 0) return '';
  return JSON.stringify(Object.fromEntries(files.map((f) => [f.name.trim(), f.content])));
}

/** The problem's own fields as the form holds them. */
export interface ProblemFields {
  id?: number;
  problemId: string;
  title: string;
  type: number;
  timeLimit: number;
  memoryLimit: number;
  difficulty: number;
  auth: number;
  description: string;
  input: string;
  output: string;
  hint: string;
  source: string;
  codeShare: boolean;
  isRemoveEndBlank: boolean;
  openCaseResult: boolean;
  isFileIO: boolean;
  ioReadFileName: string | null;
  ioWriteFileName: string | null;
  judgeMode: JudgeMode;
  judgeCaseMode: JudgeCaseMode;
  spjCode: string;
  spjLanguage: string;
}

/** Where a problem made for a contest goes in it (the editor's contest mode). */
export interface ContestPlacement {
  displayId: string;
  /** '' shows the problem's own title */
  displayTitle: string;
  /** balloon colour, '' for none */
  color: string;
}

/** Everything the problem editor edits; `toProblemDto` turns it into HOJ's ProblemDto. */
export interface EditorValues {
  problem: ProblemFields;
  examples: Example[];
  tags: string[];
  /** names of the allowed languages */
  languages: string[];
  /** one entry per language of the judge, in its order */
  templates: TemplateValue[];
  caseSource: CaseSource;
  /** the id the upload answered (`fileListDir`), '' before any upload */
  uploadDir: string;
  keptCases: FileCase[];
  uploadedCases: FileCase[];
  typedCases: TypedCase[];
  /** Problem Annex: files contestants get, placed next to their source */
  userFiles: ExtraFileValue[];
  /** files placed next to the checker or interactor (a header it includes) */
  judgeFiles: ExtraFileValue[];
  /** contest mode only: the problem's place in its contest (not part of the ProblemDto) */
  contest?: ContestPlacement;
}

export const emptyTypedCase = (): TypedCase => ({ input: '', output: '', score: null, groupNum: null });

/** A checker is compiled in C++ unless the judge has none. */
function defaultCheckerLanguage(languages: readonly Language[]): string {
  return languages.find((l) => l.name === 'C++')?.name ?? languages[0]?.name ?? '';
}

function templatesOf(languages: readonly Language[], own: readonly CodeTemplate[] = []): TemplateValue[] {
  return languages.map((l) => {
    const mine = own.find((t) => t.language === l.name);
    return { lid: l.id, language: l.name, enabled: !!mine?.status, code: mine?.code ?? '' };
  });
}

/** A new problem: private until published, every language allowed, cases from a zip. */
export function newProblemValues(languages: readonly Language[]): EditorValues {
  return {
    problem: {
      problemId: '',
      title: '',
      type: ProblemType.ACM,
      timeLimit: 1000,
      memoryLimit: 256,
      difficulty: 1,
      auth: ProblemAuth.PRIVATE,
      description: '',
      input: '',
      output: '',
      hint: '',
      source: '',
      codeShare: true,
      isRemoveEndBlank: true,
      openCaseResult: true,
      isFileIO: false,
      ioReadFileName: null,
      ioWriteFileName: null,
      judgeMode: 'default',
      judgeCaseMode: 'default',
      spjCode: '',
      spjLanguage: defaultCheckerLanguage(languages),
    },
    examples: [{ input: '', output: '' }],
    tags: [],
    languages: languages.map((l) => l.name),
    templates: templatesOf(languages),
    caseSource: 'upload',
    uploadDir: '',
    keptCases: [],
    uploadedCases: [],
    typedCases: [emptyTypedCase()],
    userFiles: [],
    judgeFiles: [],
  };
}

export interface StoredProblem {
  problem: AdminProblem;
  cases: AdminProblemCase[];
  tags: Tag[];
  templates: CodeTemplate[];
  /** the languages the problem allows (the judge's every language when it names none) */
  allowed: Language[];
}

/** A stored problem as the editor opens it: its cases are kept unless a new zip or typed cases replace them. */
export function storedProblemValues(stored: StoredProblem, languages: readonly Language[]): EditorValues {
  const p = stored.problem;
  return {
    problem: {
      id: p.id,
      problemId: p.problemId,
      title: p.title,
      type: p.type,
      timeLimit: p.timeLimit,
      memoryLimit: p.memoryLimit,
      difficulty: p.difficulty,
      auth: p.auth,
      description: p.description,
      input: p.input,
      output: p.output,
      hint: p.hint,
      source: p.source,
      codeShare: p.codeShare,
      isRemoveEndBlank: p.isRemoveEndBlank,
      openCaseResult: p.openCaseResult,
      isFileIO: p.isFileIO,
      ioReadFileName: p.ioReadFileName,
      ioWriteFileName: p.ioWriteFileName,
      judgeMode: p.judgeMode,
      judgeCaseMode: p.judgeCaseMode,
      spjCode: p.spjCode ?? '',
      spjLanguage: p.spjLanguage ?? defaultCheckerLanguage(languages),
    },
    examples: parseExamples(p.examples),
    tags: stored.tags.map((t) => t.name),
    languages: stored.allowed.map((l) => l.name),
    templates: templatesOf(languages, stored.templates),
    caseSource: 'keep',
    uploadDir: '',
    keptCases: stored.cases.map((c) => ({
      id: c.id,
      input: c.input,
      output: c.output,
      inputSize: c.inputSize,
      outputSize: c.outputSize,
      inputPreview: c.inputPreview,
      outputPreview: c.outputPreview,
      score: c.score,
      groupNum: c.groupNum,
    })),
    uploadedCases: [],
    typedCases: [emptyTypedCase()],
    userFiles: parseExtraFiles(p.userExtraFile),
    judgeFiles: parseExtraFiles(p.judgeExtraFile),
  };
}

/** The cases a save would use: those of the chosen source. */
export function activeCases(
  values: Pick<EditorValues, 'caseSource' | 'keptCases' | 'uploadedCases' | 'typedCases'>,
) {
  if (values.caseSource === 'keep') return values.keptCases;
  if (values.caseSource === 'upload') return values.uploadedCases;
  return values.typedCases;
}

/** An OI problem's total: the sum of its cases' scores (an empty score counts 0, as on the server). */
export function scoreSum(cases: readonly { score: number | null | undefined }[]): number {
  return cases.reduce((sum, c) => sum + (Number.isFinite(c.score) ? Number(c.score) : 0), 0);
}

const blankToNull = (name: string | null | undefined) => (name?.trim() ? name.trim() : null);

/** HOJ's ProblemDto from the editor's values, ready for POST or PUT /api/admin/problem. */
export function toProblemDto(values: EditorValues): ProblemDtoForm {
  const p = values.problem;
  const checker = p.judgeMode !== 'default';
  const scoreAndGroup = (c: { score: number | null; groupNum: number | null }) => ({
    score: c.score ?? 0,
    groupNum: c.groupNum ?? null,
  });
  const cases = {
    keep: () => ({
      isUploadTestCase: true,
      // '' keeps the stored cases; only scores and groups change, matched by id
      uploadTestcaseDir: '',
      samples: values.keptCases.map((c) => ({
        id: c.id,
        input: c.input,
        output: c.output,
        ...scoreAndGroup(c),
      })),
    }),
    upload: () => ({
      isUploadTestCase: true,
      uploadTestcaseDir: values.uploadDir,
      samples: values.uploadedCases.map((c) => ({ input: c.input, output: c.output, ...scoreAndGroup(c) })),
    }),
    manual: () => ({
      isUploadTestCase: false,
      uploadTestcaseDir: null,
      samples: values.typedCases.map((c) => ({ input: c.input, output: c.output, ...scoreAndGroup(c) })),
    }),
  }[values.caseSource]();
  const allowed = new Set(values.languages);
  return {
    problem: {
      ...(p.id === undefined ? {} : { id: p.id }),
      problemId: p.problemId.trim(),
      title: p.title.trim(),
      type: p.type,
      timeLimit: p.timeLimit,
      memoryLimit: p.memoryLimit,
      difficulty: p.difficulty,
      auth: p.auth,
      description: p.description,
      input: p.input,
      output: p.output,
      examples: formatExamples(values.examples.filter((e) => e.input !== '' || e.output !== '')),
      hint: p.hint,
      source: p.source,
      codeShare: p.codeShare,
      isRemoveEndBlank: p.isRemoveEndBlank,
      openCaseResult: p.openCaseResult,
      isFileIO: p.isFileIO,
      ioReadFileName: p.isFileIO ? blankToNull(p.ioReadFileName) : null,
      ioWriteFileName: p.isFileIO ? blankToNull(p.ioWriteFileName) : null,
      judgeMode: p.judgeMode,
      judgeCaseMode: p.judgeCaseMode,
      spjCode: checker ? p.spjCode : null,
      spjLanguage: checker ? p.spjLanguage : null,
      userExtraFile: formatExtraFiles(values.userFiles),
      judgeExtraFile: formatExtraFiles(values.judgeFiles),
    },
    ...cases,
    languages: values.languages.map((name) => ({ name })),
    tags: values.tags.map((name) => ({ name })),
    codeTemplates: values.templates
      .filter((t) => t.enabled && (allowed.size === 0 || allowed.has(t.language)))
      .map((t) => ({ lid: t.lid, language: t.language, code: t.code, status: true })),
  };
}

/** Scores for n new cases adding up to `total` (the last ones take the remainder), as the upload suggests. */
export function evenScores(n: number, total = 100): number[] {
  if (n <= 0) return [];
  const base = Math.floor(total / n);
  const extra = total - base * n;
  return Array.from({ length: n }, (_, i) => base + (i >= n - extra ? 1 : 0));
}

import { z } from 'zod';
import { PROBLEM_AUTHS, type ProblemAuthValue } from '../constants/problems';
import { pageQuery } from './api';
import { dbId, dbInt } from './db-int';

/** Message keys of the admin problem calls (locales/*.json, section `problemAccess`). */
export const PROBLEM_ACCESS_MESSAGES = {
  idRequired: 'problemAccess.idRequired',
  authInvalid: 'problemAccess.authInvalid',
} as const;
const K = PROBLEM_ACCESS_MESSAGES;

const problemId = dbId(K.idRequired);

/**
 * HOJ PUT /api/admin/problem/change-problem-auth: HOJ's body is the problem entity, of which only
 * `id` and `auth` count (1 public, 2 private, 3 contest only); `pid` is taken for `id` too.
 */
export const changeProblemAuthBody = z
  .object({
    id: problemId.optional(),
    pid: problemId.optional(),
    auth: z.coerce
      .number({ error: K.authInvalid })
      .refine((v) => (PROBLEM_AUTHS as readonly number[]).includes(v), K.authInvalid)
      .transform((v) => v as ProblemAuthValue),
  })
  .refine((v) => v.id !== undefined || v.pid !== undefined, { message: K.idRequired, path: ['id'] });

export interface ChangeProblemAuthForm {
  id: number;
  auth: ProblemAuthValue;
}

/* ---- Problems in the admin console (docs/security.md, Problems in the admin console) ---- */

/** Message keys of the problem editor and its calls (locales/*.json, section `problemAdmin`). */
export const PROBLEM_ADMIN_MESSAGES = {
  displayIdInvalid: 'problemAdmin.displayIdInvalid',
  titleRequired: 'problemAdmin.titleRequired',
  timeLimitRange: 'problemAdmin.timeLimitRange',
  memoryLimitRange: 'problemAdmin.memoryLimitRange',
  difficultyRange: 'problemAdmin.difficultyRange',
  scoreInvalid: 'problemAdmin.scoreInvalid',
  fileNameInvalid: 'problemAdmin.fileNameInvalid',
  tooLong: 'problemAdmin.tooLong',
  extraFilesInvalid: 'problemAdmin.extraFilesInvalid',
  extraFilesTooMany: 'problemAdmin.extraFilesTooMany',
  extraFilesTooLarge: 'problemAdmin.extraFilesTooLarge',
  extraFileDuplicate: 'problemAdmin.extraFileDuplicate',
} as const;
const P = PROBLEM_ADMIN_MESSAGES;

/** Bounds of the editor's numbers; one place for the form and the server. */
export const PROBLEM_BOUNDS = {
  timeLimitMs: { min: 100, max: 60_000 },
  memoryLimitMb: { min: 16, max: 8192 },
  /** Markdown fields */
  textChars: 200_000,
  /** annex files (next to a contestant's source) and judge files (next to the checker), each set */
  extraFiles: { count: 20, totalChars: 1_000_000 },
} as const;

const text = z.string().max(PROBLEM_BOUNDS.textChars, P.tooLong);
const flag = z.union([z.boolean(), z.number().transform((v) => v !== 0)]);
const score = z.coerce
  .number({ error: P.scoreInvalid })
  .int(P.scoreInvalid)
  .min(0, P.scoreInvalid)
  .max(10_000, P.scoreInvalid);
/** A plain file name (file IO, annex and judge files): the judge writes it next to the sources. */
export const problemFileName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,64}$/, P.fileNameInvalid)
  .refine((v) => v !== '.' && v !== '..', P.fileNameInvalid);

/**
 * HOJ's userExtraFile / judgeExtraFile: the JSON text of `{file name: content}`; '' or null for
 * none. The names are plain file names, since the judge writes them next to the sources.
 */
const extraFilesJson = z
  .string()
  .nullish()
  .superRefine((text, ctx) => {
    if (!text) return;
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return issue(P.extraFilesInvalid);
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) return issue(P.extraFilesInvalid);
    const entries = Object.entries(value);
    if (entries.some(([, content]) => typeof content !== 'string')) return issue(P.extraFilesInvalid);
    if (entries.some(([name]) => !problemFileName.safeParse(name).success || name !== name.trim()))
      return issue(P.fileNameInvalid);
    if (entries.length > PROBLEM_BOUNDS.extraFiles.count) return issue(P.extraFilesTooMany);
    const chars = entries.reduce((sum, [, content]) => sum + (content as string).length, 0);
    if (chars > PROBLEM_BOUNDS.extraFiles.totalChars) issue(P.extraFilesTooLarge);
  });

/** GET /api/admin/problem/get-problem-list (HOJ: keyword in title, author or display id; auth 0 = any). */
export const adminProblemListQuery = pageQuery.extend({
  // paging is clamped where the page is read (server/services/paging.ts)
  keyword: z.string().trim().max(255).optional(),
  auth: z.coerce.number().int().min(0).max(3).optional().catch(undefined),
  oj: z.string().optional(),
});

export const adminProblemQuery = z.object({ pid: problemId });

/** The problem entity of HOJ's ProblemDto: the fields the editor sets. */
export const problemEntityBody = z.object({
  id: problemId.optional(),
  problemId: z
    .string({ error: P.displayIdInvalid })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, P.displayIdInvalid),
  title: z.string({ error: P.titleRequired }).trim().min(1, P.titleRequired).max(255, P.titleRequired),
  type: z.coerce.number().int().min(0).max(1).default(0),
  timeLimit: z.coerce
    .number({ error: P.timeLimitRange })
    .int(P.timeLimitRange)
    .min(PROBLEM_BOUNDS.timeLimitMs.min, P.timeLimitRange)
    .max(PROBLEM_BOUNDS.timeLimitMs.max, P.timeLimitRange),
  memoryLimit: z.coerce
    .number({ error: P.memoryLimitRange })
    .int(P.memoryLimitRange)
    .min(PROBLEM_BOUNDS.memoryLimitMb.min, P.memoryLimitRange)
    .max(PROBLEM_BOUNDS.memoryLimitMb.max, P.memoryLimitRange),
  description: text.default(''),
  input: text.default(''),
  output: text.default(''),
  /** HOJ's encoding, `<input>a</input><output>b</output>` repeated */
  examples: text.default(''),
  hint: text.default(''),
  source: z.string().max(255, P.tooLong).default(''),
  difficulty: z.coerce
    .number({ error: P.difficultyRange })
    .int()
    .min(0, P.difficultyRange)
    .max(6, P.difficultyRange)
    .default(1),
  auth: z.coerce
    .number({ error: K.authInvalid })
    .refine((v) => (PROBLEM_AUTHS as readonly number[]).includes(v), K.authInvalid)
    .transform((v) => v as ProblemAuthValue)
    .default(2),
  codeShare: flag.default(true),
  isRemoveEndBlank: flag.default(true),
  openCaseResult: flag.default(true),
  isFileIO: flag.default(false),
  ioReadFileName: problemFileName.nullish(),
  ioWriteFileName: problemFileName.nullish(),
  judgeMode: z.enum(['default', 'spj', 'interactive']).default('default'),
  judgeCaseMode: z
    .enum(['default', 'subtask_lowest', 'subtask_average', 'ergodic_without_error'])
    .default('default'),
  spjCode: z.string().max(PROBLEM_BOUNDS.textChars, P.tooLong).nullish(),
  spjLanguage: z.string().max(64).nullish(),
  /** absent on an edit: the stored files stay */
  userExtraFile: extraFilesJson,
  judgeExtraFile: extraFilesJson,
});

/** A case of HOJ's ProblemDto.samples: contents typed in, or an uploaded case by its file names. */
export const problemCaseBody = z.object({
  id: dbId().optional(),
  input: z.string().max(16 * 1024 * 1024, P.tooLong),
  output: z.string().max(16 * 1024 * 1024, P.tooLong),
  score: score.nullish(),
  groupNum: z.coerce.number().int().min(1).max(1000).nullish(),
});

/** HOJ POST/PUT /api/admin/problem: ProblemDto. */
export const problemDtoBody = z.object({
  problem: problemEntityBody,
  samples: z.array(problemCaseBody).max(1000).default([]),
  isUploadTestCase: flag.default(false),
  /** the id of an upload (POST /api/file/upload-testcase-zip), '' to keep the cases */
  uploadTestcaseDir: z.string().max(64).nullish(),
  languages: z
    .array(z.object({ name: z.string().max(64) }).passthrough())
    .max(100)
    .default([]),
  tags: z
    .array(z.object({ name: z.string().trim().min(1).max(64) }).passthrough())
    .max(50)
    .default([]),
  codeTemplates: z
    .array(
      z
        .object({
          lid: dbId(),
          /** the language's name; preferred to `lid` when given (ids follow the offered list) */
          language: z.string().max(64).optional(),
          code: z.string().max(65_535),
          status: flag.default(true),
        })
        .passthrough(),
    )
    .max(100)
    .default([]),
});

export type ProblemDtoForm = z.input<typeof problemDtoBody>;
export type ProblemDto = z.output<typeof problemDtoBody>;

/**
 * HOJ POST /api/admin/problem/compile-spj and compile-interactive: HOJ's CompileDTO (`code`,
 * `language`, `extraFiles`); its older client sends `spjSrc` and `spjLanguage`.
 */
export const compileCheckerBody = z
  .object({
    code: z.string().max(PROBLEM_BOUNDS.textChars, P.tooLong).optional(),
    language: z.string().max(64).optional(),
    spjSrc: z.string().max(PROBLEM_BOUNDS.textChars, P.tooLong).optional(),
    spjLanguage: z.string().max(64).optional(),
    pid: dbInt().optional(),
    extraFiles: z.record(z.string().max(64), z.string().max(1024 * 1024)).optional(),
  })
  .transform((v) => ({
    code: v.code ?? v.spjSrc ?? '',
    language: v.language ?? v.spjLanguage ?? '',
    extraFiles: v.extraFiles ?? {},
  }));

import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver, ResolverResult } from 'react-hook-form';
import { z } from 'zod';
import { contestProblemUpdateBody } from '@/shared/schemas/contests';
import {
  PROBLEM_ADMIN_MESSAGES,
  PROBLEM_BOUNDS,
  problemCaseBody,
  problemEntityBody,
  problemFileName,
} from '@/shared/schemas/problem-admin';
import type { EditorValues } from './editor-values';

/** Message keys of the editor's own checks (locales/*.json, `admin.problem`). */
export const EDITOR_MESSAGES = {
  groupInvalid: 'admin.problem.cases.groupInvalid',
  uploadFirst: 'admin.problem.testdata.uploadFirst',
} as const;

const groupNum = z.coerce
  .number({ error: EDITOR_MESSAGES.groupInvalid })
  .int(EDITOR_MESSAGES.groupInvalid)
  .min(1, EDITOR_MESSAGES.groupInvalid)
  .max(1000, EDITOR_MESSAGES.groupInvalid)
  .nullable();
const { score } = problemCaseBody.shape;
const fileCase = z.object({
  id: z.number().optional(),
  input: z.string(),
  output: z.string(),
  inputSize: z.number().optional(),
  outputSize: z.number().optional(),
  inputPreview: z.string().optional(),
  outputPreview: z.string().optional(),
  score,
  groupNum,
});
/** Annex or judge files: plain names, none twice, within the server's count and size. */
const extraFiles = z
  .array(z.object({ name: problemFileName, content: z.string() }))
  .max(PROBLEM_BOUNDS.extraFiles.count, PROBLEM_ADMIN_MESSAGES.extraFilesTooMany)
  .superRefine((files, ctx) => {
    const seen = new Set<string>();
    for (const [i, f] of files.entries()) {
      const name = f.name.trim();
      if (seen.has(name))
        ctx.addIssue({
          code: 'custom',
          message: PROBLEM_ADMIN_MESSAGES.extraFileDuplicate,
          path: [i, 'name'],
        });
      seen.add(name);
    }
    const chars = files.reduce((sum, f) => sum + f.content.length, 0);
    if (chars > PROBLEM_BOUNDS.extraFiles.totalChars)
      ctx.addIssue({ code: 'custom', message: PROBLEM_ADMIN_MESSAGES.extraFilesTooLarge });
  });
const typedCase = problemCaseBody.pick({ input: true, output: true, score: true }).extend({ groupNum });

/**
 * The editor's fields checked with the server's own rules (its message keys), so the form says
 * what a save would be told; the Markdown samples and cases are checked in the editor's shape.
 */
export const editorSchema = z
  .object({
    problem: problemEntityBody.omit({ examples: true }),
    examples: z.array(z.object({ input: z.string(), output: z.string() })),
    tags: z.array(z.string()),
    languages: z.array(z.string()),
    templates: z.array(
      z.object({ lid: z.number(), language: z.string(), enabled: z.boolean(), code: z.string().max(65_535) }),
    ),
    caseSource: z.enum(['keep', 'upload', 'manual']),
    uploadDir: z.string(),
    keptCases: z.array(fileCase),
    uploadedCases: z.array(fileCase),
    typedCases: z.array(typedCase),
    userFiles: extraFiles,
    judgeFiles: extraFiles,
    contest: contestProblemUpdateBody.pick({ displayId: true, displayTitle: true, color: true }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.caseSource === 'upload' && !v.uploadDir)
      ctx.addIssue({ code: 'custom', message: EDITOR_MESSAGES.uploadFirst, path: ['uploadDir'] });
  });

/**
 * Leaves out what a save would not send, so a field the user can no longer see (the cases of
 * another source, the file names of a problem without File IO) never blocks the save.
 */
export function checkedPart(values: EditorValues): EditorValues {
  const p = values.problem;
  return {
    ...values,
    problem: {
      ...p,
      ioReadFileName: p.isFileIO && p.ioReadFileName ? p.ioReadFileName : null,
      ioWriteFileName: p.isFileIO && p.ioWriteFileName ? p.ioWriteFileName : null,
    },
    keptCases: values.caseSource === 'keep' ? values.keptCases : [],
    uploadedCases: values.caseSource === 'upload' ? values.uploadedCases : [],
    typedCases: values.caseSource === 'manual' ? values.typedCases : [],
  };
}

const base = zodResolver(editorSchema);

/**
 * react-hook-form's resolver for the editor. The schema's input types are looser than the form's
 * (coerced numbers take anything), so the result is the form's own shape.
 */
export const editorResolver: Resolver<EditorValues> = async (values, context, options) =>
  (await base(checkedPart(values), context, options as never)) as unknown as ResolverResult<EditorValues>;

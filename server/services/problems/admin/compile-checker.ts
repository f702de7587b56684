import { createHash } from 'node:crypto';
import { PROBLEM_EDITOR_QUOTA } from '../../../../shared/constants/limits';
import type { Db } from '../../../db/database';
import type { CurrentUser } from '../../auth/users';
import { AppError } from '../../errors';
import type { LanguageRegistry } from '../../languages';
import { enforceQuota } from '../../site/rate-window';
import { assertCanManageProblems } from './read';

/** Compiles a checker or interactor in this server's judge sandbox; absent without a local judge. */
export type CompileProgram = (program: {
  language: string;
  code: string;
  extraFiles: Record<string, string>;
  key: string;
}) => Promise<{ ok: true } | { ok: false; message: string }>;

/**
 * HOJ's compile-spj and compile-interactive: the editor's "compile" button. The program is built
 * in the sandbox exactly as judging builds it (and cached the same way), so a checker that compiles
 * here compiles when judging.
 */
export async function compileChecker(
  deps: { db: Db; languages: LanguageRegistry; compile: CompileProgram | null },
  user: CurrentUser,
  program: { code: string; language: string; extraFiles: Record<string, string> },
): Promise<void> {
  assertCanManageProblems(user);
  await buildChecker(deps, user, program);
}

/** Compiles the checker, the caller's permission already checked (the console, or a group's admin). */
export async function buildChecker(
  deps: { db: Db; languages: LanguageRegistry; compile: CompileProgram | null },
  user: CurrentUser,
  program: { code: string; language: string; extraFiles: Record<string, string> },
): Promise<void> {
  if (!program.code.trim() || !program.language) throw new AppError(400, 'problemAdmin.checkerCodeRequired');
  if (!deps.languages.get(program.language))
    throw new AppError(400, 'problemAdmin.checkerLanguage', { language: program.language });
  if (!deps.compile) throw new AppError(503, 'problemAdmin.noCompiler');
  await enforceQuota(deps.db, `compile-checker:${user.uid}`, PROBLEM_EDITOR_QUOTA.compiles);
  const key = createHash('sha256')
    .update(JSON.stringify([program.language, program.code, program.extraFiles]))
    .digest('hex');
  const outcome = await deps.compile({ ...program, key });
  if (!outcome.ok) throw new AppError(400, 'problemAdmin.compileFailed', { message: outcome.message });
}

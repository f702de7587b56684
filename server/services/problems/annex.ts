import type { ProblemAnnexFile } from '../../../shared/api/types';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { notFound } from '../errors';
import { findVisibleProblem } from './visibility';

/**
 * Problem Annex: the files a problem gives its solvers (HOJ `user_extra_file`, JSON
 * `{name: content}`; the judge also places them next to the source when compiling, e.g. a
 * header the solution includes). Files are looked up by name in that object, never on disk.
 */
export function parseExtraFiles(json: string | null): Map<string, string> {
  const files = new Map<string, string>();
  if (!json) return files;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return files;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return files;
  for (const [name, content] of Object.entries(value)) {
    if (typeof content === 'string' && name.length > 0) files.set(name, content);
  }
  return files;
}

/** The annex files of a problem the caller may open: names and sizes (bytes of UTF-8). */
export async function listAnnexFiles(
  db: Db,
  problemId: string,
  user: CurrentUser | null,
): Promise<ProblemAnnexFile[]> {
  const problem = await findVisibleProblem(db, problemId, user);
  return [...parseExtraFiles(problem.user_extra_file)].map(([name, content]) => ({
    name,
    size: Buffer.byteLength(content, 'utf8'),
  }));
}

/** One annex file's text, when the caller may open the problem and the file exists. */
export async function readAnnexFile(
  db: Db,
  problemId: string,
  name: string,
  user: CurrentUser | null,
): Promise<{ name: string; content: string }> {
  const problem = await findVisibleProblem(db, problemId, user);
  const content = parseExtraFiles(problem.user_extra_file).get(name);
  if (content === undefined) throw notFound('problemPage.annexNotFound');
  return { name, content };
}

/**
 * Content-Disposition for a download: an ASCII fallback plus the exact UTF-8 name (RFC 6266),
 * with quotes, backslashes and control characters kept out of the header.
 */
export function attachmentHeader(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

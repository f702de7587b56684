import type { Readable } from 'node:stream';
import type { Db } from '../../../db/database';
import type { CurrentUser } from '../../auth/users';
import type { FileStore } from '../../files/store';
import { zipFilesStream } from '../../files/zip';
import { problemRowForAnyEditor } from './read';

/**
 * HOJ GET /api/file/download-testcase: a problem's test data as a zip, each case under the names
 * it came with (`<seq>.in`/`<seq>.out` for cases typed in or imported), for those who may edit it
 * (in the console, or a group's problem in its group).
 */
export async function downloadTestdata(
  db: Db,
  files: FileStore,
  user: CurrentUser,
  pid: number,
): Promise<{ fileName: string; zip: Readable }> {
  const problem = await problemRowForAnyEditor(db, user, pid);
  const cases = await db.kysely
    .selectFrom('problem_case')
    .selectAll()
    .where('pid', '=', pid)
    .where('status', '=', 0)
    .orderBy('seq')
    .execute();
  const entries = cases.flatMap((c) => [
    { name: c.input_name ?? `${c.seq}.in`, path: files.pathOf(c.input_hash) },
    { name: c.output_name ?? `${c.seq}.out`, path: files.pathOf(c.output_hash) },
  ]);
  return { fileName: `problem_${problem.problem_id}_testcase.zip`, zip: zipFilesStream(entries) };
}

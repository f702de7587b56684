/**
 * Uploaded test data waiting for its problem to be saved (docs/problem-formats.md, Test data
 * uploads). HOJ's client uploads the zip first and names the upload when it saves the problem;
 * HOJ answers with a directory path, we with an id the server made (`upload-<hex>`), so a client
 * never names a path. The case files go to the content-addressed store at once (unreferenced
 * blobs are harmless); the row keeps their names and hashes for the uploader alone, for a day.
 */
import { randomBytes } from 'node:crypto';
import type { StagedUpload } from '../../../../shared/api/problem-editor-types';
import { PROBLEM_EDITOR_QUOTA } from '../../../../shared/constants/limits';
import type { Db } from '../../../db/database';
import type { CurrentUser } from '../../auth/users';
import { canManageProblems } from '../../authz';
import type { FileStore } from '../../files/store';
import { requireGroupAdmin } from '../../groups/problem-access';
import { readZip } from '../../packages/archive';
import { enforceQuota } from '../../site/rate-window';
import { assertCanManageProblems } from '../admin/read';
import { casesOfTestdata, testdataError } from './layout';

export interface StagedCase {
  inputName: string;
  outputName: string;
  inputHash: string;
  outputHash: string;
  inputSize: number;
  outputSize: number;
}

const UPLOAD_ID = /^upload-[0-9a-f]{32}$/;
const KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * Who may upload test data, how often (checked before the upload is read): the admin roles, or
 * with `gid` (HOJ's group editor uploads with `?gid=`) that group's admins.
 */
export async function assertCanUploadTestdata(db: Db, user: CurrentUser, gid?: number): Promise<void> {
  if (gid === undefined || canManageProblems(user)) assertCanManageProblems(user);
  else await requireGroupAdmin(db, gid, user);
  await enforceQuota(db, `testdata-upload:${user.uid}`, PROBLEM_EDITOR_QUOTA.uploads);
}

export async function stageTestdata(
  db: Db,
  files: FileStore,
  user: CurrentUser,
  zip: Buffer,
): Promise<StagedUpload> {
  const cases = casesOfTestdata(await readZip(zip));
  const staged: StagedCase[] = cases.map((c) => {
    const input = files.put(c.input);
    const output = files.put(c.output);
    return {
      inputName: c.inputName,
      outputName: c.outputName,
      inputHash: input.hash,
      outputHash: output.hash,
      inputSize: input.size,
      outputSize: output.size,
    };
  });
  const id = `upload-${randomBytes(16).toString('hex')}`;
  const now = Date.now();
  await db.kysely
    .deleteFrom('testdata_upload')
    .where('gmt_create', '<', new Date(now - KEEP_MS).toISOString())
    .execute();
  await db.kysely
    .insertInto('testdata_upload')
    .values({ id, uid: user.uid, cases: JSON.stringify(staged), gmt_create: new Date(now).toISOString() })
    .execute();
  return { fileList: staged.map((c) => ({ input: c.inputName, output: c.outputName })), fileListDir: id };
}

/** The cases of an upload the caller made within the day; refused for anyone else's or an old one. */
export async function stagedTestdata(db: Db, user: CurrentUser, id: string): Promise<StagedCase[]> {
  const row = UPLOAD_ID.test(id)
    ? await db.kysely
        .selectFrom('testdata_upload')
        .select(['uid', 'cases', 'gmt_create'])
        .where('id', '=', id)
        .executeTakeFirst()
    : undefined;
  if (!row || row.uid !== user.uid || Date.parse(row.gmt_create) < Date.now() - KEEP_MS) {
    throw testdataError('uploadGone');
  }
  return JSON.parse(row.cases) as StagedCase[];
}

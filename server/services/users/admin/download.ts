/**
 * HOJ GET /api/file/generate-user-excel: a generation's accounts (username, password, real name)
 * as an .xlsx sheet, or ours `format=csv`, for the admin who generated them, within 30 minutes.
 * Every later download of the same key within that time gives the same list (the .xlsx and the
 * CSV may both be wanted).
 */
import { USER_ADMIN_LIMITS } from '../../../../shared/schemas/user-admin';
import type { Db } from '../../../db/database';
import type { CurrentUser } from '../../auth/users';
import { notFound } from '../../errors';
import { SHEET_TYPES, sheetFile } from '../../files/sheets';
import { assertCanAdministerUsers, takeQuota } from './access';
import { type GeneratedAccountVault, readGenerated } from './vault';

const HEADER = ['username', 'password', 'realname'];

export interface GeneratedFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

export async function downloadGenerated(
  deps: { db: Db; vault: GeneratedAccountVault },
  user: CurrentUser,
  query: { key: string; format: 'xlsx' | 'csv' },
): Promise<GeneratedFile> {
  assertCanAdministerUsers(user);
  await takeQuota(deps.db, 'download', user, USER_ADMIN_LIMITS.quota.download);
  const accounts = await readGenerated(deps.db, deps.vault, query.key, user.uid);
  // expired, never made, or another admin's: the same answer, so a key reveals nothing
  if (!accounts) throw notFound('userAdmin.downloadGone');
  const stamp = new Date().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  const rows = [HEADER, ...accounts.map((a) => [a.username, a.password, a.realname ?? ''])];
  return {
    fileName: `users-${stamp}.${query.format}`,
    contentType: SHEET_TYPES[query.format],
    body: await sheetFile(rows, query.format),
  };
}

import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { JudgeStatus } from '../../../../shared/constants/judge-status';
import type { ContestAcSubmissionParams } from '../../../../shared/schemas/contest-downloads';
import type { Db } from '../../../db/database';
import type { CurrentUser } from '../../auth/users';
import { ADMIN_ROLES } from '../../authz';
import type { LanguageRegistry } from '../../languages';
import { loadAdministeredContest } from '../admin-contests';

/** A name safe as one folder or file name in a zip (usernames and display ids come from users). */
const safeName = (name: string) => name.replace(/[^\p{L}\p{N}_.-]/gu, '_').replace(/^\.+/, '_') || '_';

/**
 * HOJ GET /api/file/download-contest-ac-submission: the last accepted submission of every
 * participant on every problem, as `<user>/<problem>.<ext>` (or `<problem>/<user>.<ext>`), for the
 * contest's admins. With `excludeAdmin` the contest's author and admin roles are left out.
 */
export async function contestAcSubmissionsZip(
  db: Db,
  languages: LanguageRegistry,
  user: CurrentUser,
  params: ContestAcSubmissionParams,
): Promise<{ fileName: string; zip: Readable }> {
  const contest = await loadAdministeredContest(db, user, params.cid, 'contest');
  const rows = await db.kysely
    .selectFrom('judge as j')
    .innerJoin('contest_problem as cp', 'cp.id', 'j.cpid')
    .select(['j.submit_id', 'j.uid', 'j.username', 'j.code', 'j.language', 'cp.display_id'])
    .where('j.cid', '=', contest.id)
    .where('j.virtual_id', 'is', null)
    .where('j.status', '=', JudgeStatus.ACCEPTED)
    .orderBy('j.submit_id', 'desc')
    .execute();
  const admins = new Set<string>();
  if (params.excludeAdmin) {
    admins.add(contest.uid);
    const held = await db.kysely
      .selectFrom('user_role')
      .select('uid')
      .where('role_id', 'in', ADMIN_ROLES)
      .execute();
    for (const r of held) admins.add(r.uid);
  }
  const zip = new ZipFile();
  const seen = new Set<string>();
  for (const r of rows) {
    const key = `${r.uid}\n${r.display_id}`;
    if (seen.has(key) || admins.has(r.uid)) continue;
    seen.add(key);
    const ext = languages.get(r.language)?.sourceFile?.split('.').pop() ?? 'txt';
    const [folder, file] =
      params.splitType === 'problem' ? [r.display_id, r.username] : [r.username, r.display_id];
    zip.addBuffer(Buffer.from(r.code ?? '', 'utf8'), `${safeName(folder)}/${safeName(file)}.${ext}`);
  }
  zip.end();
  return { fileName: `contest_${contest.id}_ac_submissions.zip`, zip: zip.outputStream as Readable };
}

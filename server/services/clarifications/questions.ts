import type { ContestClarification } from '../../../shared/api/clarification-types';
import type { AskClarificationParams } from '../../../shared/schemas/clarifications';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { isContestAdmin } from '../authz';
import { nowIso } from '../clock';
import { contestProblemId, loadAskableContest } from './access';
import { assertMayAsk } from './rate';
import { problemLabels, toClarification } from './rows';

/**
 * POST /api/contest-clarification: a participant asks the jury about one problem of the contest or the
 * contest in general, while it runs. The text was checked by the schema (1 to 2000 characters once
 * trimmed); the quota is counted last, so a refused question costs none of it. The contest's admins
 * are not limited.
 */
export async function askClarification(
  db: Db,
  user: CurrentUser,
  body: AskClarificationParams,
): Promise<ContestClarification> {
  const contest = await loadAskableContest(db, user, body.cid);
  const cpid = await contestProblemId(db, contest.id, body.displayId);
  if (!isContestAdmin(user, contest)) await assertMayAsk(db, user);
  const row = await db.kysely
    .insertInto('contest_clarification')
    .values({
      cid: contest.id,
      cpid,
      uid: user.uid,
      from_jury: 0,
      to_uid: null,
      reply_to_id: null,
      text: body.content,
      answered: 0,
      answered_by: null,
      answered_at: null,
      gmt_create: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toClarification(row, null, await problemLabels(db, contest.id), { uid: user.uid, read: new Set() });
}

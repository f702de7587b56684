import type { ContestAccess, ContestVO } from '../../../shared/api/contest-types';
import type { Page } from '../../../shared/api/types';
import { CONTEST_PAGE_SIZE, ContestAuth, ContestStatus } from '../../../shared/constants/contests';
import type { ContestListParams, RegisterContestParams } from '../../../shared/schemas/contests';
import { bool } from '../../db/booleans';
import type { Db } from '../../db/database';
import { containsText } from '../../db/like';
import type { CurrentUser } from '../auth/users';
import { isContestAdmin } from '../authz';
import { nowIso } from '../clock';
import { badRequest, forbidden } from '../errors';
import { markdownHtml } from '../markdown/render-cache';
import { pageRequest, toPage } from '../paging';
import { loadVisibleContest } from './access';
import { isRegistered, registrationCounts } from './contest-store';
import { toContestVo } from './contest-vo';
import { passwordMatches } from './password';
import { countPasswordTry, forgetPasswordTries } from './password-tries';
import { contestStatus, contestStatusSql } from './status';

/**
 * HOJ GET /api/get-contest-list: visible, non-group contests, ordered as HOJ by status ascending
 * (scheduled -1, running 0, ended 1), then the latest start first. With `gid`, that group's visible
 * contests instead (GET /api/group/get-contest-list, whose caller the group service checked).
 */
export async function listContests(
  db: Db,
  query: ContestListParams,
  gid: number | null = null,
): Promise<Page<ContestVO>> {
  const req = pageRequest(query.currentPage, query.limit, CONTEST_PAGE_SIZE);
  const now = nowIso();
  const status = contestStatusSql(now);
  const visible = db.kysely.selectFrom('contest').where('visible', '=', 1);
  let base = gid === null ? visible.where('gid', 'is', null) : visible.where('gid', '=', gid);
  if (query.status !== undefined) base = base.where(status, '=', query.status);
  if (query.type !== undefined) base = base.where('type', '=', query.type);
  if (query.auth !== undefined) base = base.where('auth', '=', query.auth);
  const keyword = query.keyword?.trim();
  if (keyword) base = base.where(containsText('title', keyword));
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy(status)
    .orderBy('start_time', 'desc')
    .orderBy('id', 'desc')
    .limit(req.size)
    .offset(req.offset)
    .execute();
  const counts = await registrationCounts(
    db,
    rows.map((r) => r.id),
  );
  return toPage(
    rows.map((r) => toContestVo(r, now, counts.get(r.id) ?? 0)),
    Number(total.n),
    req,
  );
}

/** HOJ GET /api/get-contest-info: the participant view with the server time in `now`. */
export async function getContestInfo(db: Db, user: CurrentUser, cid: number): Promise<ContestVO> {
  const contest = await loadVisibleContest(db, user, cid);
  const counts = await registrationCounts(db, [cid]);
  const vo = toContestVo(contest, nowIso(), counts.get(cid) ?? 0);
  // rendered here so a contest's pages need no Markdown renderer in the browser
  return {
    ...vo,
    descriptionHtml: markdownHtml(vo.description),
    informedHtml: markdownHtml(vo.informed ?? ''),
  };
}

/**
 * HOJ GET /api/get-contest-access: may the caller take part? Contest admins always; public
 * contests anyone logged in; private and protected contests those who registered with the password.
 */
export async function getContestAccess(db: Db, user: CurrentUser, cid: number): Promise<ContestAccess> {
  const contest = await loadVisibleContest(db, user, cid);
  if (isContestAdmin(user, contest) || contest.auth === ContestAuth.PUBLIC) return { access: true };
  return { access: await isRegistered(db, cid, user.uid) };
}

/**
 * HOJ POST /api/register-contest. Private and protected contests need their password; public
 * ones need none; wrong ones are limited per user and contest (password-tries.ts). Refused once
 * the contest has ended unless end submissions are allowed.
 * Registering twice is harmless: the answer says so and nothing changes.
 * @returns whether the caller was registered already
 */
export async function registerContest(
  db: Db,
  user: CurrentUser,
  p: RegisterContestParams,
): Promise<{ alreadyRegistered: boolean }> {
  const contest = await loadVisibleContest(db, user, p.cid);
  if (contestStatus(contest, nowIso()) === ContestStatus.ENDED && !bool(contest.allow_end_submit)) {
    throw forbidden('contest.registerEnded');
  }
  if (contest.auth !== ContestAuth.PUBLIC) {
    if (!p.password) throw badRequest('contest.enterPassword');
    // counted before the comparison, so a burst of guesses cannot outrun the count (password-tries.ts)
    const wait = await countPasswordTry(db, contest.id, user.uid);
    if (!passwordMatches(p.password, contest.pwd)) {
      throw wait > 0
        ? badRequest('contestLimits.wrongPasswordWait', { seconds: wait })
        : badRequest('contest.wrongPassword');
    }
    await forgetPasswordTries(db, contest.id, user.uid);
  }
  if (await isRegistered(db, contest.id, user.uid)) return { alreadyRegistered: true };
  const now = nowIso();
  await db.kysely
    .insertInto('contest_register')
    .values({ cid: contest.id, uid: user.uid, status: 0, gmt_create: now, gmt_modified: now })
    .onConflict((oc) => oc.columns(['cid', 'uid']).doNothing())
    .execute();
  return { alreadyRegistered: false };
}

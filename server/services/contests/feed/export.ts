import { ContestType } from '../../../../shared/constants/contests';
import { Role } from '../../../../shared/constants/roles';
import { createI18n } from '../../../../shared/i18n';
import { allResources } from '../../../../shared/i18n/console-messages';
import { bool } from '../../../db/booleans';
import type { Db } from '../../../db/database';
import type { CurrentUser } from '../../auth/users';
import { nowIso } from '../../clock';
import { badRequest } from '../../errors';
import { loadAdministeredContest } from '../admin-contests';
import type { ContestRow } from '../contest-store';
import { eventLine, formatRelTime, formatTime, hexColor, languageId } from './feed-format';
import { storedEventFeed } from './imported';
import { FEED_JUDGEMENT_TYPES, judgementTypeIdOf } from './judgement-types';

/** HOJ's penalty per counted rejected try, in minutes. */
const PENALTY_MINUTES = 20;
/** The group of a contest's star (unofficial) participants. */
const STAR_GROUP = 'star';

export interface ExportedFeed {
  fileName: string;
  feed: string;
}

/**
 * GET /api/admin/contest/event-feed: the contest as an ICPC Contest API event feed, for its admins. A contest
 * imported from a feed answers that feed unchanged; an ordinary contest is written from its rows.
 */
export async function exportContestEventFeed(db: Db, user: CurrentUser, cid: number): Promise<ExportedFeed> {
  const contest = await loadAdministeredContest(db, user, cid);
  const fileName = `contest-${contest.id}-event-feed.ndjson`;
  const stored = await storedEventFeed(db, contest.id);
  if (stored !== null) return { fileName, feed: stored };
  if (contest.type !== ContestType.ACM) throw badRequest('eventFeed.onlyAcm');
  return { fileName, feed: await buildEventFeed(db, contest) };
}

interface Participant {
  uid: string;
  name: string;
  school: string | null;
  star: boolean;
}

function starUsernames(contest: ContestRow): Set<string> {
  try {
    const list = JSON.parse(contest.star_account) as unknown;
    return new Set(Array.isArray(list) ? list.map(String) : []);
  } catch {
    return new Set();
  }
}

/** The board's name of a user, as the contest's rankShowName chooses (the username when that one is empty). */
function shownName(
  showName: string,
  u: { username: string; nickname: string | null; realname: string | null },
): string {
  if (showName === 'nickname' && u.nickname?.trim()) return u.nickname;
  if (showName === 'realname' && u.realname?.trim()) return u.realname;
  return u.username;
}

/**
 * Writes an ordinary (ACM) contest as an event feed: every judge row of the contest is a submission with its
 * judgement, every participant a team. Participants are the registered users and everyone who submitted,
 * less the contest's creator and root users, who HOJ's boards leave out (and whose submissions are left out too).
 */
export async function buildEventFeed(db: Db, contest: ContestRow, now: string = nowIso()): Promise<string> {
  const k = db.kysely;
  const [problems, rows, registered, roots] = await Promise.all([
    k
      .selectFrom('contest_problem')
      .select(['id', 'display_id', 'display_title', 'color'])
      .where('cid', '=', contest.id)
      .orderBy('display_id')
      .orderBy('id')
      .execute(),
    k
      .selectFrom('judge')
      .select([
        'submit_id',
        'uid',
        'username',
        'cpid',
        'display_pid',
        'status',
        'language',
        'submit_time',
        'gmt_modified',
      ])
      .where('cid', '=', contest.id)
      .orderBy('submit_time')
      .orderBy('submit_id')
      .execute(),
    k.selectFrom('contest_register').select('uid').where('cid', '=', contest.id).execute(),
    k.selectFrom('user_role').select('uid').where('role_id', '=', Role.ROOT).execute(),
  ]);

  const excluded = new Set([contest.uid, ...roots.map((r) => r.uid)]);
  const problemById = new Map(problems.map((p) => [p.id, p]));
  const problemByDisplayId = new Map(problems.map((p) => [p.display_id, p]));
  const submissions = rows.flatMap((r) => {
    if (excluded.has(r.uid)) return [];
    const problem = problemById.get(r.cpid) ?? problemByDisplayId.get(r.display_pid);
    return problem ? [{ ...r, problemId: String(problem.id) }] : [];
  });

  // Participants, named as the contest's board names them.
  const uids = [...new Set([...registered.map((r) => r.uid), ...submissions.map((s) => s.uid)])].filter(
    (uid) => !excluded.has(uid),
  );
  const users = new Map<
    string,
    { username: string; nickname: string | null; realname: string | null; school: string | null }
  >();
  for (let i = 0; i < uids.length; i += 500) {
    const chunk = await k
      .selectFrom('user_info')
      .select(['uuid', 'username', 'nickname', 'realname', 'school'])
      .where('uuid', 'in', uids.slice(i, i + 500))
      .execute();
    for (const u of chunk) users.set(u.uuid, u);
  }
  const usernameInRows = new Map(submissions.map((s) => [s.uid, s.username]));
  const stars = starUsernames(contest);
  const participants: Participant[] = uids
    .map((uid) => {
      const u = users.get(uid) ?? {
        username: usernameInRows.get(uid) ?? uid,
        nickname: null,
        realname: null,
        school: null,
      };
      return {
        uid,
        name: shownName(contest.rank_show_name, u),
        school: u.school?.trim() || null,
        star: stars.has(u.username),
      };
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.uid < b.uid ? -1 : 1));

  const start = Date.parse(contest.start_time);
  const end = Date.parse(contest.end_time);
  const sealAt =
    bool(contest.seal_rank) && contest.seal_rank_time ? Date.parse(contest.seal_rank_time) : null;
  const lines: string[] = [];

  lines.push(
    eventLine('contest', String(contest.id), {
      id: String(contest.id),
      name: contest.title,
      formal_name: contest.title,
      start_time: formatTime(contest.start_time),
      duration: formatRelTime(end - start),
      ...(sealAt !== null ? { scoreboard_freeze_duration: formatRelTime(end - sealAt) } : {}),
      scoreboard_type: 'pass-fail',
      penalty_time: PENALTY_MINUTES,
    }),
  );

  const en = createI18n('en-US', allResources);
  for (const t of FEED_JUDGEMENT_TYPES) {
    lines.push(
      eventLine('judgement-types', t.id, {
        id: t.id,
        name: en.t(t.nameKey),
        penalty: t.penalty,
        solved: t.solved,
      }),
    );
  }

  const languageIds = new Map<string, string>();
  for (const s of submissions) {
    if (languageIds.has(s.language)) continue;
    const base = languageId(s.language);
    let id = base;
    for (let n = 2; [...languageIds.values()].includes(id); n++) id = `${base}-${n}`;
    languageIds.set(s.language, id);
    lines.push(
      eventLine('languages', id, { id, name: s.language, entry_point_required: false, extensions: [] }),
    );
  }

  problems.forEach((p, ordinal) => {
    const rgb = p.color ? hexColor(p.color) : null;
    lines.push(
      eventLine('problems', String(p.id), {
        id: String(p.id),
        label: p.display_id,
        name: p.display_title,
        ordinal,
        ...(p.color ? { color: p.color } : {}),
        ...(rgb ? { rgb } : {}),
        test_data_count: 0,
      }),
    );
  });

  if (participants.some((p) => p.star)) {
    lines.push(eventLine('groups', STAR_GROUP, { id: STAR_GROUP, name: 'Unofficial (star)' }));
  }
  const organizationIds = new Map<string, string>();
  for (const p of participants) {
    if (!p.school || organizationIds.has(p.school)) continue;
    const id = String(organizationIds.size + 1);
    organizationIds.set(p.school, id);
    lines.push(eventLine('organizations', id, { id, name: p.school, formal_name: p.school }));
  }
  for (const p of participants) {
    const organization = p.school ? organizationIds.get(p.school) : undefined;
    lines.push(
      eventLine('teams', p.uid, {
        id: p.uid,
        name: p.name,
        group_ids: p.star ? [STAR_GROUP] : [],
        ...(organization ? { organization_id: organization } : {}),
        hidden: false,
      }),
    );
  }

  const at = Date.parse(now);
  const started = at >= start;
  const ended = at >= end;
  const frozen = sealAt !== null && at >= sealAt;
  const thawed = frozen && ended && bool(contest.auto_real_rank);
  const iso = (ms: number) => formatTime(new Date(ms).toISOString());
  lines.push(
    eventLine('state', null, {
      started: started ? iso(start) : null,
      frozen: frozen && sealAt !== null ? iso(sealAt) : null,
      ended: ended ? iso(end) : null,
      thawed: thawed ? iso(end) : null,
      finalized: ended && (sealAt === null || thawed) ? iso(end) : null,
      end_of_updates: null,
    }),
  );

  for (const s of submissions) {
    const id = String(s.submit_id);
    const submitted = Date.parse(s.submit_time);
    lines.push(
      eventLine('submissions', id, {
        id,
        language_id: languageIds.get(s.language),
        problem_id: s.problemId,
        team_id: s.uid,
        time: formatTime(s.submit_time),
        contest_time: formatRelTime(submitted - start),
        files: [],
      }),
    );
    const typeId = judgementTypeIdOf(s.status);
    const judged = Math.max(submitted, Date.parse(s.gmt_modified));
    lines.push(
      eventLine('judgements', id, {
        id,
        submission_id: id,
        ...(typeId !== null ? { judgement_type_id: typeId } : {}),
        start_time: formatTime(s.submit_time),
        start_contest_time: formatRelTime(submitted - start),
        ...(typeId !== null
          ? { end_time: iso(judged), end_contest_time: formatRelTime(judged - start) }
          : {}),
      }),
    );
  }
  return `${lines.join('\n')}\n`;
}

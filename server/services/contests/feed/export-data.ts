import { javaEntryPoint } from '../../../../judge/java-main-class';
import type { Db } from '../../../db/database';
import { contestMessages, type MessageRow } from '../../clarifications/rows';
import type { ContestRow } from '../contest-store';
import { excludedFromBoard } from '../contest-window';
import { isJavaLanguage } from './feed-languages';

/** A contest problem as the feed describes it. */
export interface ExportProblem {
  /** the contest problem's id (stable while the contest exists) */
  id: string;
  label: string;
  name: string;
  color: string | null;
  timeLimitMs: number | null;
  /** test cases the judge runs */
  testDataCount: number;
  /** the problem's full OI score */
  maxScore: number;
}

/** One judge row of the contest, on a problem of the contest, by a participant. */
export interface ExportSubmission {
  id: string;
  uid: string;
  problemId: string;
  status: number;
  /** OI score of the run (null when none was given) */
  score: number | null;
  /** the slowest test's run time, ms */
  timeMs: number | null;
  language: string;
  submitTime: string;
  /** last change of the row: when the verdict was written */
  modifiedTime: string;
  /** Java: the class the judge runs, read from the code as the judge reads it (null: not Java, or none) */
  javaClass: string | null;
}

export interface ExportParticipant {
  uid: string;
  username: string;
  /** the board's name of the participant (the contest's rankShowName) */
  name: string;
  school: string | null;
  star: boolean;
}

/**
 * A clarification message (the Contest API's clarification): a team's question (`fromTeamId`), or the jury's
 * answer (`replyToId`) to that team (`toTeamId`) or to everyone (neither), or the jury's unasked message to all.
 */
export interface ExportClarification {
  id: string;
  fromTeamId: string | null;
  toTeamId: string | null;
  replyToId: string | null;
  problemId: string | null;
  text: string;
  time: string;
}

export interface ExportData {
  problems: ExportProblem[];
  submissions: ExportSubmission[];
  participants: ExportParticipant[];
  clarifications: ExportClarification[];
}

const JAVA_CODE_CHUNK = 500;

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

async function loadProblems(db: Db, cid: number): Promise<ExportProblem[]> {
  const k = db.kysely;
  const rows = await k
    .selectFrom('contest_problem as cp')
    .leftJoin('problem as p', 'p.id', 'cp.pid')
    .select([
      'cp.id',
      'cp.pid',
      'cp.display_id',
      'cp.display_title',
      'cp.color',
      'p.time_limit',
      'p.io_score',
    ])
    .where('cp.cid', '=', cid)
    .orderBy('cp.display_id')
    .orderBy('cp.id')
    .execute();
  const pids = [...new Set(rows.map((r) => r.pid))];
  const counts =
    pids.length === 0
      ? []
      : await k
          .selectFrom('problem_case')
          .select(['pid', (eb) => eb.fn.countAll().as('n')])
          .where('pid', 'in', pids)
          .where('status', '=', 0)
          .groupBy('pid')
          .execute();
  const caseCount = new Map(counts.map((c) => [c.pid, Number(c.n)]));
  return rows.map((r) => ({
    id: String(r.id),
    label: r.display_id,
    name: r.display_title,
    color: r.color?.trim() || null,
    timeLimitMs: r.time_limit ?? null,
    testDataCount: caseCount.get(r.pid) ?? 0,
    maxScore: r.io_score ?? 0,
  }));
}

/**
 * What an export writes: the contest's problems, every judge row of the contest on one of them, the
 * participants (the registered users, everyone who submitted and everyone who asked the jury) and the
 * clarifications. The contest's creator and root users are left out with their submissions, as HOJ's boards
 * leave them out.
 */
/** Java submissions' run classes by submit id; the code is read for those only, a chunk at a time. */
async function loadJavaClasses(db: Db, ids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (let i = 0; i < ids.length; i += JAVA_CODE_CHUNK) {
    const rows = await db.kysely
      .selectFrom('judge')
      .select(['submit_id', 'code'])
      .where('submit_id', 'in', ids.slice(i, i + JAVA_CODE_CHUNK))
      .execute();
    for (const r of rows) {
      const entry = javaEntryPoint(r.code);
      if (entry.ok) out.set(r.submit_id, entry.runClass);
    }
  }
  return out;
}

export async function loadExportData(db: Db, contest: ContestRow): Promise<ExportData> {
  const k = db.kysely;
  const [problems, rows, registered, excludedList, messages] = await Promise.all([
    loadProblems(db, contest.id),
    k
      .selectFrom('judge')
      .select([
        'submit_id',
        'uid',
        'username',
        'cpid',
        'display_pid',
        'status',
        'score',
        'time',
        'language',
        'submit_time',
        'gmt_modified',
      ])
      .where('cid', '=', contest.id)
      // virtual runs are practice after the contest: not part of its record
      .where('virtual_id', 'is', null)
      .orderBy('submit_time')
      .orderBy('submit_id')
      .execute(),
    k.selectFrom('contest_register').select('uid').where('cid', '=', contest.id).execute(),
    excludedFromBoard(db, contest),
    contestMessages(db, contest.id),
  ]);

  const excluded = new Set(excludedList);
  const problemById = new Map(problems.map((p) => [p.id, p]));
  const problemByLabel = new Map(problems.map((p) => [p.label, p]));
  const submissions: ExportSubmission[] = rows.flatMap((r) => {
    if (excluded.has(r.uid)) return [];
    const problem = problemById.get(String(r.cpid)) ?? problemByLabel.get(r.display_pid);
    if (!problem) return [];
    return [
      {
        id: String(r.submit_id),
        uid: r.uid,
        problemId: problem.id,
        status: r.status,
        score: r.score,
        timeMs: r.time,
        language: r.language,
        submitTime: r.submit_time,
        modifiedTime: r.gmt_modified,
        javaClass: null,
      },
    ];
  });

  const javaClasses = await loadJavaClasses(
    db,
    submissions.filter((s) => isJavaLanguage(s.language)).map((s) => Number(s.id)),
  );
  for (const s of submissions) s.javaClass = javaClasses.get(Number(s.id)) ?? null;

  const clarifications = exportClarifications(messages, excluded, problemById);
  const askers = clarifications.flatMap((c) => (c.fromTeamId === null ? [] : [c.fromTeamId]));
  const uids = [
    ...new Set([...registered.map((r) => r.uid), ...submissions.map((s) => s.uid), ...askers]),
  ].filter((uid) => !excluded.has(uid));
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
  const usernameInRows = new Map(rows.map((r) => [r.uid, r.username]));
  const stars = starUsernames(contest);
  const participants = uids
    .map((uid) => {
      const u = users.get(uid) ?? {
        username: usernameInRows.get(uid) ?? uid,
        nickname: null,
        realname: null,
        school: null,
      };
      return {
        uid,
        username: u.username,
        name: shownName(contest.rank_show_name, u),
        school: u.school?.trim() || null,
        star: stars.has(u.username),
      };
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.uid < b.uid ? -1 : 1));
  return { problems, submissions, participants, clarifications };
}

/**
 * The contest's clarification messages as the feed states them. Those who are no team (the creator, root)
 * leave their questions and the private answers to them out; an answer to everyone of such a question stays,
 * as a message of the jury to all. A problem since removed from the contest makes a general clarification.
 */
function exportClarifications(
  messages: MessageRow[],
  excluded: Set<string>,
  problems: Map<string, ExportProblem>,
): ExportClarification[] {
  const left = new Set<number>();
  const out: ExportClarification[] = [];
  for (const m of messages) {
    const problemId = m.cpid !== null && problems.has(String(m.cpid)) ? String(m.cpid) : null;
    const common = { id: String(m.id), problemId, text: m.text, time: m.gmt_create };
    if (!m.from_jury) {
      if (excluded.has(m.uid)) left.add(m.id);
      else out.push({ ...common, fromTeamId: m.uid, toTeamId: null, replyToId: null });
      continue;
    }
    if (m.to_uid !== null && excluded.has(m.to_uid)) continue;
    const replyTo = m.reply_to_id !== null && !left.has(m.reply_to_id) ? String(m.reply_to_id) : null;
    out.push({ ...common, fromTeamId: null, toTeamId: m.to_uid, replyToId: replyTo });
  }
  return out;
}

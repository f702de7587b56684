import { sql } from 'kysely';
import type {
  LimitFactor,
  Page,
  ProblemCounts,
  ProblemDetail,
  ProblemListItem,
} from '../../../shared/api/types';
import { JudgeStatus } from '../../../shared/constants/judge-status';
import { PAGE_SIZES } from '../../../shared/constants/limits';
import type { ProblemListParams } from '../../../shared/schemas/api';
import type { Db } from '../../db/database';
import { containsText } from '../../db/like';
import type { CurrentUser } from '../auth/users';
import { AtMostEvery } from '../cache/at-most-every';
import { ReadCache } from '../cache/read-cache';
import { notFound } from '../errors';
import type { LanguageRegistry } from '../languages';
import { pageRequest, toPage } from '../paging';
import { countsByProblem, emptyCounts } from './counts';
import { toProblem } from './mapping';
import { StatementHtmlCache } from './statement-html';
import { tagsByProblem } from './tags';
import type { ProblemRow } from './visibility';
import { assertProblemVisible, isGroupOnlyProblem, openProblemSql } from './visibility';

/** HOJ's `oj` values that mean this site's own problems. */
const LOCAL_OJ = new Set(['', 'MINE', 'ME', 'ALL']);

/**
 * HOJ GET /api/get-problem-list: public, non-group problems (for admins too, as in HOJ: they find
 * the others by id), filtered by keyword (title or id),
 * difficulty, tags (a problem must carry every tag asked for) and OJ; ordered like HOJ by the
 * length of the display id, then the id.
 */
export async function listProblems(db: Db, query: ProblemListParams): Promise<Page<ProblemListItem>> {
  const req = pageRequest(query.currentPage, query.limit, PAGE_SIZES.problems);
  let base = db.kysely.selectFrom('problem').where(openProblemSql());
  const keyword = query.keyword?.trim();
  if (keyword) {
    // case-insensitive in both databases; the backslash escapes % and _ (SQLite has no default escape)
    base = base.where((eb) => eb.or([containsText('title', keyword), containsText('problem_id', keyword)]));
  }
  if (query.difficulty !== undefined) base = base.where('difficulty', '=', query.difficulty);
  const tagIds = [...new Set(query.tagId ?? [])];
  if (tagIds.length > 0) {
    base = base.where('id', 'in', (eb) =>
      eb
        .selectFrom('problem_tag')
        .select('problem_tag.pid')
        .where('problem_tag.tid', 'in', tagIds)
        .groupBy('problem_tag.pid')
        .having((h) => h.fn.count<number>('problem_tag.tid').distinct(), '=', tagIds.length),
    );
  }
  const oj = query.oj?.trim().toUpperCase() ?? '';
  if (!LOCAL_OJ.has(oj)) {
    // remote problems are stored as "<OJ>-<id>" (HOJ); Verdict imports none yet, so this is empty
    base = base.where('is_remote', '=', 1).where('problem_id', 'like', `${oj}-%`);
  } else if (oj === 'MINE' || oj === 'ME') {
    base = base.where('is_remote', '=', 0);
  }
  const totalRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const total = Number(totalRow?.n ?? 0);
  if (total === 0 || req.offset >= total) return toPage([], total, req);
  const rows = await base
    .select(['id', 'problem_id', 'title', 'difficulty', 'type'])
    .orderBy((eb) => eb.fn('length', ['problem_id']))
    .orderBy('problem_id')
    .limit(req.size)
    .offset(req.offset)
    .execute();
  const pids = rows.map((r) => r.id);
  const [counts, tags] = await Promise.all([countsByProblem(db, pids), tagsByProblem(db, pids)]);
  const records = rows.map((r) => ({
    ...(counts.get(r.id) ?? emptyCounts()),
    pid: r.id,
    problemId: r.problem_id,
    title: r.title,
    difficulty: r.difficulty,
    type: r.type,
    tags: tags.get(r.id) ?? [],
    score: null,
  }));
  return toPage(records, total, req);
}

export async function findProblemByDisplayId(db: Db, problemId: string) {
  return db.kysely.selectFrom('problem').selectAll().where('problem_id', '=', problemId).executeTakeFirst();
}

/** The caller's status on a problem outside contests: AC wins, else the latest, else -10. */
export async function myProblemStatus(db: Db, uid: string, pid: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('judge')
    .select('status')
    .where('uid', '=', uid)
    .where('pid', '=', pid)
    .where('cid', '=', 0)
    .orderBy(sql`case when status = ${JudgeStatus.ACCEPTED} then 0 else 1 end`)
    .orderBy('submit_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.status ?? JudgeStatus.NOT_SUBMITTED;
}

/** Languages a problem accepts: its own list, or every language this judge has. */
export async function problemLanguages(db: Db, languages: LanguageRegistry, pid: number): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('problem_language')
    .select('language')
    .where('pid', '=', pid)
    .execute();
  const available = languages.names();
  if (rows.length === 0) return available;
  const allowed = new Set(rows.map((r) => r.language));
  return available.filter((name) => allowed.has(name));
}

/** The part of a problem's detail that is the same for every caller (cached: see ProblemCaches). */
export interface SharedProblemDetail {
  row: ProblemRow;
  detail: Omit<ProblemDetail, 'myStatus' | 'problemCount'>;
}

/**
 * Problem details by display id and result counts by problem id, at most 5 s old. A submission
 * judged in this process drops its problem's counts at once (services/cache/judge-listeners.ts);
 * other replicas see them within the 5 s. The statement HTML inside a detail is rendered once per
 * version of the statement (`statements`, keyed by its Markdown), not on every reload.
 */
export interface ProblemCaches {
  detail: ReadCache<SharedProblemDetail>;
  counts: ReadCache<ProblemCounts>;
  /** a contest's counts per problem in one window (contestCountsKey); dropped by contest */
  contestCounts: ReadCache<Map<number, ProblemCounts>>;
  /** how often a contest's counts are dropped or made stale (contestCountsChanged) */
  contestCountsExpiry: AtMostEvery;
  statements: StatementHtmlCache;
}

export function createProblemCaches(): ProblemCaches {
  return {
    detail: new ReadCache<SharedProblemDetail>({ max: 2000, ttlMs: 5000 }),
    counts: new ReadCache<ProblemCounts>({ max: 5000, ttlMs: 5000 }),
    contestCounts: new ReadCache<Map<number, ProblemCounts>>({ max: 2000, ttlMs: 5000 }),
    contestCountsExpiry: new AtMostEvery(1000),
    statements: new StatementHtmlCache(),
  };
}

async function loadSharedDetail(
  db: Db,
  languages: LanguageRegistry,
  statements: StatementHtmlCache,
  problemId: string,
): Promise<SharedProblemDetail> {
  const row = await findProblemByDisplayId(db, problemId);
  // a missing problem is not cached: one imported a moment later shows at once
  if (!row) throw notFound('server.problemNotFound');
  const [tags, langs, own] = await Promise.all([
    tagsByProblem(db, [row.id]),
    problemLanguages(db, languages, row.id),
    db.kysely
      .selectFrom('problem_code_template')
      .select(['language', 'code'])
      .where('pid', '=', row.id)
      .execute(),
  ]);
  // the problem's own template for a language, else the judge's
  const ownTemplate = new Map(own.map((t) => [t.language, t.code]));
  const codeTemplate: Record<string, string> = {};
  const limitFactors: Record<string, LimitFactor> = {};
  for (const name of langs) {
    const info = languages.get(name);
    codeTemplate[name] = ownTemplate.get(name) ?? info?.template ?? '';
    limitFactors[name] = { time: info?.timeFactor ?? 1, memory: info?.memoryFactor ?? 1 };
  }
  return {
    row,
    detail: {
      problem: toProblem(row),
      tags: tags.get(row.id) ?? [],
      languages: langs,
      codeTemplate,
      limitFactors,
      statementHtml: statements.get(row),
    },
  };
}

/** The cached caller-independent part of a problem's detail (no visibility check: callers do it). */
export function getSharedProblemDetail(
  db: Db,
  languages: LanguageRegistry,
  caches: ProblemCaches,
  problemId: string,
): Promise<SharedProblemDetail> {
  return caches.detail.get(problemId, () => loadSharedDetail(db, languages, caches.statements, problemId));
}

/**
 * HOJ GET /api/get-problem-detail in parts: `shared` (the problem with checker source and
 * judge-only files removed, tags, languages with their code templates and limit factors, the
 * statement as HTML) is the same object for every caller while cached, so the route serializes it
 * once; `problemCount` and the caller's `myStatus` are added per request. Visibility is checked
 * on every call, a group's membership included (read fresh, never cached), before anything cached
 * is answered. A group's problem is opened by its display id like any other; HOJ's `gid` query
 * parameter changes nothing here (the problem's own group decides).
 */
export async function getProblemDetailParts(
  db: Db,
  languages: LanguageRegistry,
  caches: ProblemCaches,
  problemId: string,
  user: CurrentUser | null,
): Promise<{ shared: SharedProblemDetail['detail']; problemCount: ProblemCounts; myStatus: number }> {
  const shared = await getSharedProblemDetail(db, languages, caches, problemId);
  const row = await assertProblemVisible(db, shared.row, user);
  // a group's problem counts its group's submissions, any other those outside groups (HOJ)
  const scope = isGroupOnlyProblem(row) ? row.gid : null;
  const [problemCount, myStatus] = await Promise.all([
    caches.counts.get(
      String(row.id),
      async () => (await countsByProblem(db, [row.id], scope)).get(row.id) ?? emptyCounts(),
    ),
    user ? myProblemStatus(db, user.uid, row.id) : JudgeStatus.NOT_SUBMITTED,
  ]);
  return { shared: shared.detail, problemCount, myStatus };
}

/** The key of a contest's counts: the contest and the window's bounds. */
export const contestCountsKey = (cid: number, window: { from: string; until: string | null }) =>
  `${cid}|${window.from}|${window.until ?? ''}`;

/**
 * A contest's counts change with every verdict, and in a running contest verdicts come many a
 * second: the first change after a quiet second drops the contest's counts (the next reader loads
 * them), and the changes within the second after it make them stale once when it is over (answered
 * once more while one load refreshes them), so a busy contest reloads its counts about once a second
 * and no reader waits for that load (docs/architecture.md, Caches of hot reads).
 */
export function contestCountsChanged(caches: ProblemCaches, cid: number): void {
  const ofContest = (key: string) => key.startsWith(`${cid}|`);
  caches.contestCountsExpiry.run(
    String(cid),
    () => caches.contestCounts.deleteWhere(ofContest),
    () => caches.contestCounts.expireWhere(ofContest),
  );
}

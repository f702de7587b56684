import { ContestAuth, ContestType } from '../../shared/constants/contests';
import type { Db } from '../db/database';
import { nowIso } from '../services/clock';

const HOUR = 3_600_000;
const SEEDED_KEY = 'seeded_contests';

interface DemoContest {
  title: string;
  description: string;
  type: number;
  startOffset: number;
  length: number;
  problems: { problemId: string; displayId: string; color: string }[];
}

/** A public ACM contest that started an hour ago (A = 1000, B = 1001) and an OI contest starting tomorrow. */
const DEMO_CONTESTS: DemoContest[] = [
  {
    title: 'Verdict Warm-up Round',
    description:
      'A practice contest with ACM rules: solve as many problems as you can; wrong tries cost 20 minutes.',
    type: ContestType.ACM,
    startOffset: -HOUR,
    length: 5 * HOUR,
    problems: [
      { problemId: '1000', displayId: 'A', color: '#e53935' },
      { problemId: '1001', displayId: 'B', color: '#1e88e5' },
    ],
  },
  {
    title: 'Verdict OI Open',
    description: 'An OI contest: every test case scores; the rank shows your latest score per problem.',
    type: ContestType.OI,
    startOffset: 24 * HOUR,
    length: 3 * HOUR,
    problems: [{ problemId: '1000', displayId: 'A', color: '#43a047' }],
  },
];

/** Seeds the demo contests once (site_config key `seeded_contests`), on new and existing sites alike. */
export async function seedDemoContests(db: Db): Promise<void> {
  const done = await db.kysely
    .selectFrom('site_config')
    .select('value')
    .where('key', '=', SEEDED_KEY)
    .executeTakeFirst();
  if (done) return;
  const root = await db.kysely
    .selectFrom('user_info')
    .select(['uuid', 'username'])
    .where('username', '=', 'root')
    .executeTakeFirst();
  if (!root) return;
  const base = Date.now();
  const now = nowIso();
  for (const c of DEMO_CONTESTS) {
    const start = new Date(base + c.startOffset);
    start.setUTCSeconds(0, 0);
    const end = new Date(start.getTime() + c.length);
    const contest = await db.kysely
      .insertInto('contest')
      .values({
        uid: root.uuid,
        author: root.username,
        title: c.title,
        type: c.type,
        description: c.description,
        source: 0,
        auth: ContestAuth.PUBLIC,
        pwd: null,
        start_time: start.toISOString(),
        end_time: end.toISOString(),
        duration: c.length / 1000,
        seal_rank: 0,
        seal_rank_time: null,
        auto_real_rank: 1,
        visible: 1,
        open_print: 0,
        open_rank: 1,
        allow_end_submit: 0,
        rank_show_name: 'username',
        star_account: '[]',
        oi_rank_score_type: 'Recent',
        award_type: 0,
        award_config: '[]',
        informed_title: null,
        informed: null,
        short_name: null,
        subheading: null,
        sponsor: null,
        co_organizer: null,
        organizer: null,
        background_image: null,
        gid: null,
        gmt_create: now,
        gmt_modified: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const p of c.problems) {
      const problem = await db.kysely
        .selectFrom('problem')
        .select(['id', 'title'])
        .where('problem_id', '=', p.problemId)
        .executeTakeFirst();
      if (!problem) continue;
      await db.kysely
        .insertInto('contest_problem')
        .values({
          cid: contest.id,
          pid: problem.id,
          display_id: p.displayId,
          display_title: problem.title,
          color: p.color,
          gmt_create: now,
          gmt_modified: now,
        })
        .execute();
    }
  }
  await db.kysely.insertInto('site_config').values({ key: SEEDED_KEY, value: now }).execute();
}

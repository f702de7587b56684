import { oiScore } from '../../judge';
import { ProblemAuth } from '../../shared/constants/problems';
import type { Db } from '../db/database';
import { insertAnnouncement } from '../services/announcements/announcements';
import { nowIso } from '../services/clock';
import type { FileStore } from '../services/files/store';
import type { ParsedProblem } from '../services/packages/types';
import { storeProblems } from '../services/packages/writer';
import { seedDemoContests } from './demo-contests';
import { seedDemoDiscussion } from './demo-discussions';
import { seedDemoGroups } from './demo-groups';
import { DEMO_PROBLEMS, type DemoProblem } from './demo-problems';
import { seedDemoTrainings } from './demo-trainings';

function toParsed(p: DemoProblem): ParsedProblem {
  return {
    problemId: p.problemId,
    title: p.title,
    description: p.description,
    input: p.input,
    output: p.output,
    hint: p.hint,
    source: p.source,
    timeLimit: p.timeLimit,
    memoryLimit: p.memoryLimit,
    type: p.type,
    difficulty: p.difficulty,
    judgeMode: p.judgeMode ?? 'default',
    judgeCaseMode: p.judgeCaseMode ?? 'default',
    ioScore:
      oiScore(
        p.cases.map((c) => ({ score: c.score, groupNum: c.groupNum ?? null })),
        p.judgeCaseMode ?? 'default',
      ) || 100,
    isRemoveEndBlank: true,
    examples: p.examples,
    cases: p.cases.map((c, i) => ({
      name: `${i + 1}`,
      input: Buffer.from(c.input),
      output: Buffer.from(c.output),
      score: c.score,
      groupNum: c.groupNum ?? null,
    })),
    program: p.program ?? null,
    validatorFlags: null,
    fileIO: null,
    languages: null,
    tags: p.tags,
    submissions: [],
    notices: [],
  };
}

export async function insertProblem(
  db: Db,
  files: FileStore,
  p: DemoProblem,
  author = 'root',
): Promise<number> {
  const [stored] = await storeProblems(db, files, [toParsed(p)], author, ProblemAuth.PUBLIC);
  return stored.pid;
}

const WELCOME_ANNOUNCEMENT = {
  title: 'Welcome to Verdict / 欢迎使用 Verdict',
  content:
    'Verdict is an online judge: pick a problem, submit your code and watch the verdict arrive.\n\n' +
    'Verdict 是一个在线评测系统：选择题目，提交代码，即可查看评测结果。',
  status: 0,
};

/** Seeds demo data once (site_config key `seeded`). */
export async function seedDemo(db: Db, files: FileStore): Promise<boolean> {
  const done = await db.kysely
    .selectFrom('site_config')
    .select('value')
    .where('key', '=', 'seeded')
    .executeTakeFirst();
  if (done) {
    await seedDemoContests(db);
    await seedDemoTrainings(db);
    await seedDemoGroups(db);
    return false;
  }
  for (const p of DEMO_PROBLEMS) {
    const exists = await db.kysely
      .selectFrom('problem')
      .select('id')
      .where('problem_id', '=', p.problemId)
      .executeTakeFirst();
    if (!exists) await insertProblem(db, files, p);
  }
  const root = await db.kysely
    .selectFrom('user_info')
    .select(['uuid', 'username'])
    .where('username', '=', 'root')
    .executeTakeFirst();
  await insertAnnouncement(
    db,
    { uid: root?.uuid ?? '', username: root?.username ?? 'root' },
    WELCOME_ANNOUNCEMENT,
  );
  await seedDemoContests(db);
  await seedDemoDiscussion(db);
  await seedDemoTrainings(db);
  await seedDemoGroups(db);
  await db.kysely.insertInto('site_config').values({ key: 'seeded', value: nowIso() }).execute();
  return true;
}

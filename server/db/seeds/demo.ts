import { formatExamples } from '../../../shared/api/examples';
import { nowIso } from '../../services/clock';
import type { FileStore } from '../../services/files/store';
import type { Db } from '../database';

export interface DemoProblem {
  problemId: string;
  title: string;
  type: number;
  timeLimit: number;
  memoryLimit: number;
  difficulty: number;
  description: string;
  input: string;
  output: string;
  hint: string;
  source: string;
  examples: { input: string; output: string }[];
  cases: { input: string; output: string; score: number }[];
  tags: string[];
}

const aPlusB = (a: bigint, b: bigint) => ({ input: `${a} ${b}\n`, output: `${a + b}\n`, score: 0 });

/** Problem 1000 of every online judge. Cases cover negatives and 10^18-sized numbers (64-bit sums). */
export const A_PLUS_B: DemoProblem = {
  problemId: '1000',
  title: 'A+B Problem',
  type: 0,
  timeLimit: 1000,
  memoryLimit: 256,
  difficulty: 0,
  description:
    'Given two integers $a$ and $b$, print their sum $a+b$.\n\nThis is the problem to try the judge with: read from standard input and write to standard output.',
  input: 'One line with two integers $a$ and $b$ ($-10^{18} \\le a, b \\le 10^{18}$), separated by a space.',
  output: 'One line with the integer $a+b$.',
  hint: 'The sum can exceed 32 bits: use `long long` in C and C++.',
  source: 'Verdict demo',
  examples: [{ input: '1 2', output: '3' }],
  cases: [
    aPlusB(1n, 2n),
    aPlusB(-5n, 3n),
    aPlusB(0n, 0n),
    aPlusB(-1000000000000000000n, -1000000000000000000n),
    aPlusB(1000000000000000000n, 999999999999999999n),
    aPlusB(2147483647n, 1n),
  ],
  tags: ['Beginner'],
};

export const DEMO_PROBLEMS: DemoProblem[] = [A_PLUS_B];

export async function insertProblem(
  db: Db,
  files: FileStore,
  p: DemoProblem,
  author = 'root',
): Promise<number> {
  const now = nowIso();
  const row = await db.kysely
    .insertInto('problem')
    .values({
      problem_id: p.problemId,
      title: p.title,
      author,
      type: p.type,
      judge_mode: 'default',
      judge_case_mode: 'default',
      time_limit: p.timeLimit,
      memory_limit: p.memoryLimit,
      stack_limit: p.memoryLimit,
      description: p.description,
      input: p.input,
      output: p.output,
      examples: formatExamples(p.examples),
      hint: p.hint,
      source: p.source,
      difficulty: p.difficulty,
      auth: 1,
      io_score: p.cases.reduce((s, c) => s + c.score, 0) || 100,
      code_share: 1,
      is_remove_end_blank: 1,
      open_case_result: 1,
      is_file_io: 0,
      io_read_file_name: null,
      io_write_file_name: null,
      is_remote: 0,
      gid: null,
      user_extra_file: null,
      case_version: String(Date.now()),
      gmt_create: now,
      gmt_modified: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let seq = 0;
  for (const c of p.cases) {
    const input = files.put(c.input);
    const output = files.put(c.output);
    await db.kysely
      .insertInto('problem_case')
      .values({
        pid: row.id,
        seq: ++seq,
        input_hash: input.hash,
        output_hash: output.hash,
        input_size: input.size,
        output_size: output.size,
        score: c.score,
        group_num: null,
        status: 0,
      })
      .execute();
  }
  for (const name of p.tags) {
    const tag =
      (await db.kysely.selectFrom('tag').select('id').where('name', '=', name).executeTakeFirst()) ??
      (await db.kysely
        .insertInto('tag')
        .values({ name, color: '#2563eb', tcid: null })
        .returning('id')
        .executeTakeFirstOrThrow());
    await db.kysely.insertInto('problem_tag').values({ pid: row.id, tid: tag.id }).execute();
  }
  return row.id;
}

/** Seeds demo data once (site_config key `seeded`). */
export async function seedDemo(db: Db, files: FileStore): Promise<boolean> {
  const done = await db.kysely
    .selectFrom('site_config')
    .select('value')
    .where('key', '=', 'seeded')
    .executeTakeFirst();
  if (done) return false;
  for (const p of DEMO_PROBLEMS) {
    const exists = await db.kysely
      .selectFrom('problem')
      .select('id')
      .where('problem_id', '=', p.problemId)
      .executeTakeFirst();
    if (!exists) await insertProblem(db, files, p);
  }
  await db.kysely.insertInto('site_config').values({ key: 'seeded', value: nowIso() }).execute();
  return true;
}

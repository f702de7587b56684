import { oiScore } from '../../../judge';
import { nowIso } from '../../services/clock';
import type { FileStore } from '../../services/files/store';
import type { ParsedProblem, ParsedProgram } from '../../services/packages/types';
import { storeProblems } from '../../services/packages/writer';
import type { Db } from '../database';
import { DEMO_PROBLEMS } from './demo-problems';

/** A problem written by hand (demo data, tests, benchmarks); stored through the package writer. */
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
  cases: { input: string; output: string; score: number; groupNum?: number }[];
  tags: string[];
  judgeMode?: ParsedProblem['judgeMode'];
  judgeCaseMode?: ParsedProblem['judgeCaseMode'];
  program?: ParsedProgram | null;
}

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
  const [stored] = await storeProblems(db, files, [toParsed(p)], author);
  return stored.pid;
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

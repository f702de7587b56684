/**
 * Work as a worker receives it: a submission with its problem's limits, judge mode, checker or
 * interactor and test data named by hash, or a test run with its input. Read from the queue's
 * rows and the problem's; nothing here writes.
 */
import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { ProblemProgram, TestRunTask } from '../../../judge/types';
import type { WireJudgeTask } from '../../../judge/worker-protocol';
import type { JudgeCaseMode, JudgeMode } from '../../../shared/api/types';
import { bool } from '../../db/booleans';
import type { Db } from '../../db/database';
import type { ProblemTable } from '../../db/schema';

function jsonFiles(text: string | null): Record<string, string> {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  } catch {
    return {};
  }
}

type ProblemRow = Pick<
  Selectable<ProblemTable>,
  | 'judge_mode'
  | 'spj_protocol'
  | 'spj_language'
  | 'spj_code'
  | 'judge_extra_file'
  | 'is_file_io'
  | 'io_read_file_name'
  | 'io_write_file_name'
  | 'user_extra_file'
>;

function problemProgram(p: ProblemRow): ProblemProgram | null {
  if (!p.spj_code || !p.spj_language) return null;
  const extraFiles = jsonFiles(p.judge_extra_file);
  const protocol = (['testlib', 'hoj', 'kattis'] as const).find((x) => x === p.spj_protocol) ?? 'testlib';
  const key = createHash('sha256')
    .update(JSON.stringify([protocol, p.spj_language, p.spj_code, extraFiles]))
    .digest('hex');
  return { protocol, language: p.spj_language, code: p.spj_code, extraFiles, key };
}

function fileIO(p: ProblemRow): { inputName: string; outputName: string } | null {
  if (!bool(p.is_file_io)) return null;
  return { inputName: p.io_read_file_name || 'input.txt', outputName: p.io_write_file_name || 'output.txt' };
}

/** The submission as a worker receives it (test data by hash); null when it or its problem is gone. */
export async function wireTask(db: Db, submitId: number): Promise<WireJudgeTask | null> {
  const k = db.kysely;
  const row = await k
    .selectFrom('judge')
    .innerJoin('problem', 'problem.id', 'judge.pid')
    .select([
      'judge.submit_id',
      'judge.language',
      'judge.code',
      'problem.id as pid',
      'problem.time_limit',
      'problem.memory_limit',
      'problem.stack_limit',
      'problem.type',
      'problem.io_score',
      'problem.difficulty',
      'problem.judge_mode',
      'problem.judge_case_mode',
      'problem.is_remove_end_blank',
      'problem.spj_protocol',
      'problem.spj_language',
      'problem.spj_code',
      'problem.judge_extra_file',
      'problem.validator_flags',
      'problem.is_file_io',
      'problem.io_read_file_name',
      'problem.io_write_file_name',
      'problem.user_extra_file',
    ])
    .where('judge.submit_id', '=', submitId)
    .executeTakeFirst();
  if (!row) return null;
  const cases = await k
    .selectFrom('problem_case')
    .selectAll()
    .where('pid', '=', row.pid)
    .where('status', '=', 0)
    .orderBy('seq')
    .execute();
  const judgeMode = row.judge_mode as JudgeMode;
  const program = judgeMode === 'default' ? null : problemProgram(row);
  return {
    submitId: row.submit_id,
    language: row.language,
    code: row.code,
    timeLimit: row.time_limit,
    memoryLimit: row.memory_limit,
    stackLimit: row.stack_limit,
    problemType: row.type,
    ioScore: row.io_score,
    difficulty: row.difficulty,
    judgeMode,
    judgeCaseMode: row.judge_case_mode as JudgeCaseMode,
    isRemoveEndBlank: bool(row.is_remove_end_blank),
    checker: judgeMode === 'spj' ? program : null,
    interactor: judgeMode === 'interactive' ? program : null,
    validatorFlags: row.validator_flags,
    fileIO: fileIO(row),
    userExtraFiles: jsonFiles(row.user_extra_file),
    cases: cases.map((c) => ({
      seq: c.seq,
      caseId: c.id,
      inputHash: c.input_hash,
      outputHash: c.output_hash,
      score: c.score,
      groupNum: c.group_num,
    })),
  };
}

/** The test run as a worker receives it; null when it or its problem is gone. */
export async function testTask(db: Db, testKey: string): Promise<TestRunTask | null> {
  const row = await db.kysely
    .selectFrom('test_judge')
    .innerJoin('problem', 'problem.id', 'test_judge.pid')
    .select([
      'test_judge.language',
      'test_judge.code',
      'test_judge.user_input',
      'test_judge.expected_output',
      'problem.time_limit',
      'problem.memory_limit',
      'problem.stack_limit',
      'problem.is_remove_end_blank',
      'problem.judge_mode',
      'problem.spj_protocol',
      'problem.spj_language',
      'problem.spj_code',
      'problem.judge_extra_file',
      'problem.is_file_io',
      'problem.io_read_file_name',
      'problem.io_write_file_name',
      'problem.user_extra_file',
    ])
    .where('test_judge.test_key', '=', testKey)
    .executeTakeFirst();
  if (!row) return null;
  return {
    language: row.language,
    code: row.code,
    timeLimit: row.time_limit,
    memoryLimit: row.memory_limit,
    stackLimit: row.stack_limit,
    input: row.user_input,
    expectedOutput: row.expected_output,
    isRemoveEndBlank: bool(row.is_remove_end_blank),
    fileIO: fileIO(row),
    userExtraFiles: jsonFiles(row.user_extra_file),
  };
}

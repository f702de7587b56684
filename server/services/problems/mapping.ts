import type { Selectable } from 'kysely';
import type { JudgeCaseMode, JudgeMode, Problem } from '../../../shared/api/types';
import { bool } from '../../db/booleans';
import type { ProblemTable } from '../../db/schema';

type ProblemRow = Selectable<ProblemTable>;

export function toProblem(row: ProblemRow): Problem {
  return {
    id: row.id,
    problemId: row.problem_id,
    title: row.title,
    author: row.author,
    type: row.type,
    judgeMode: row.judge_mode as JudgeMode,
    judgeCaseMode: row.judge_case_mode as JudgeCaseMode,
    timeLimit: row.time_limit,
    memoryLimit: row.memory_limit,
    stackLimit: row.stack_limit,
    description: row.description,
    input: row.input,
    output: row.output,
    examples: row.examples,
    hint: row.hint,
    source: row.source,
    difficulty: row.difficulty,
    auth: row.auth,
    ioScore: row.io_score,
    codeShare: bool(row.code_share),
    isRemoveEndBlank: bool(row.is_remove_end_blank),
    openCaseResult: bool(row.open_case_result),
    isFileIO: bool(row.is_file_io),
    ioReadFileName: row.io_read_file_name,
    ioWriteFileName: row.io_write_file_name,
    isRemote: bool(row.is_remote),
    gid: row.gid,
    userExtraFile: row.user_extra_file,
    gmtCreate: row.gmt_create,
    gmtModified: row.gmt_modified,
  };
}

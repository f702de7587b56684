import type { Selectable } from 'kysely';
import type { Submission, SubmissionListItem } from '../../../shared/api/types';
import { bool } from '../../db/booleans';
import type { JudgeTable } from '../../db/schema';

/** a judge row as selected (the queue's priority is not part of a submission) */
/** `virtual_id` only where a query reads it (a contest's lists and details: its virtual runs' rows) */
export type JudgeRow = Omit<Selectable<JudgeTable>, 'priority' | 'virtual_id'> & {
  virtual_id?: number | null;
};

export function toSubmission(row: JudgeRow, title?: string): Submission {
  return {
    submitId: row.submit_id,
    pid: row.pid,
    displayPid: row.display_pid,
    uid: row.uid,
    username: row.username,
    title,
    submitTime: row.submit_time,
    status: row.status,
    share: bool(row.share),
    errorMessage: row.error_message,
    time: row.time,
    memory: row.memory,
    score: row.score,
    oiRankScore: row.oi_rank_score,
    length: row.length,
    code: row.code,
    language: row.language,
    cid: row.cid,
    cpid: row.cpid,
    gid: row.gid,
    judger: row.judger,
    isManual: bool(row.is_manual),
  };
}

export function toListItem(
  row: Omit<JudgeRow, 'code' | 'error_message'>,
  title?: string,
): SubmissionListItem {
  const {
    code: _code,
    errorMessage: _err,
    ...item
  } = toSubmission({ ...row, code: '', error_message: null }, title);
  return item;
}

import type { Db } from '../../server/db/database';

/** A finished submission written straight into the judge table (home page counts, heatmaps). */
export interface JudgeRow {
  uid: string;
  username: string;
  pid: number;
  displayPid: string;
  status: number;
  /** ISO time */
  submitTime: string;
  cid?: number;
  /** the group the submission belongs to (a group problem's) */
  gid?: number | null;
}

export async function insertJudgeRows(db: Db, rows: JudgeRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db.kysely
      .insertInto('judge')
      .values(
        rows.slice(i, i + 500).map((r) => ({
          pid: r.pid,
          display_pid: r.displayPid,
          uid: r.uid,
          username: r.username,
          submit_time: r.submitTime,
          status: r.status,
          share: 0,
          time: 10,
          memory: 1024,
          length: 60,
          code: 'int main(){}',
          language: 'C++',
          cid: r.cid ?? 0,
          cpid: 0,
          gid: r.gid ?? null,
          is_manual: 0,
          attempt: 1,
          gmt_modified: r.submitTime,
        })),
      )
      .execute();
  }
}

import type { TestServer } from './server';

/** A finished submission for the rank and home tests, with the OI rank score a judge would give. */
export interface JudgedRow {
  uid: string;
  username: string;
  /** the problem's database id and display id */
  pid: number;
  problemId: string;
  status: number;
  oiRankScore?: number | null;
  cid?: number;
  /** ISO submit time; now when left out */
  at?: string;
}

/**
 * Writes the submissions straight into the judge table, tells the server each one was judged (as
 * the queue does when a judge reports), and waits until the rank records took them in.
 * @returns their submit ids, in order
 */
export async function insertJudged(server: TestServer, rows: JudgedRow[]): Promise<number[]> {
  const { db, queue, caches } = server.server.ctx;
  const ids: number[] = [];
  for (const r of rows) {
    const at = r.at ?? new Date().toISOString();
    const inserted = await db.kysely
      .insertInto('judge')
      .values({
        pid: r.pid,
        display_pid: r.problemId,
        uid: r.uid,
        username: r.username,
        submit_time: at,
        status: r.status,
        share: 0,
        time: 10,
        memory: 1024,
        length: 60,
        code: 'int main(){}',
        language: 'C++',
        cid: r.cid ?? 0,
        cpid: 0,
        is_manual: 0,
        attempt: 1,
        oi_rank_score: r.oiRankScore ?? null,
        score: r.oiRankScore ?? null,
        gmt_modified: at,
      })
      .returning('submit_id')
      .executeTakeFirstOrThrow();
    ids.push(inserted.submit_id);
    queue.events.emit('judged', {
      submitId: inserted.submit_id,
      pid: r.pid,
      cid: r.cid ?? 0,
      uid: r.uid,
      status: r.status,
      manual: false,
    });
  }
  await caches.ranks.keeper.idle();
  return ids;
}

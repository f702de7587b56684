import { JudgeStatus } from '../../../shared/constants/judge-status';
import { TrainingAuth } from '../../../shared/constants/trainings';
import type { Db } from '../../db/database';
import { nowIso } from '../clock';

/**
 * HOJ's training_record: which submissions count in a private training's rank. Public trainings
 * keep none (HOJ: their rank would only grow the table; their page has no rank). A submission is
 * recorded for every private training that holds its problem and that its author registered for,
 * whether it was made through the training or from the problem's own page (HOJ records both);
 * a registration, and a problem added later, bring in the accepted submissions made before.
 * Rows are unique per (training, submission), so a record is never counted twice.
 */

interface RecordRow {
  tid: number;
  tpid: number;
  pid: number;
  uid: string;
  submit_id: number;
}

async function insertRecords(db: Db, rows: RecordRow[]): Promise<void> {
  if (rows.length === 0) return;
  const now = nowIso();
  // a few hundred rows per statement keeps SQLite's bound-parameter limit far away
  for (let i = 0; i < rows.length; i += 200) {
    await db.kysely
      .insertInto('training_record')
      .values(rows.slice(i, i + 200).map((r) => ({ ...r, gmt_create: now, gmt_modified: now })))
      .onConflict((oc) => oc.columns(['tid', 'submit_id']).doNothing())
      .execute();
  }
}

/** A new submission outside contests: recorded in the private trainings its author entered that hold the problem. */
export async function recordTrainingSubmission(
  db: Db,
  s: { submitId: number; uid: string; pid: number },
): Promise<void> {
  const places = await db.kysely
    .selectFrom('training_problem as tp')
    .innerJoin('training as t', 't.id', 'tp.tid')
    .innerJoin('training_register as r', (j) => j.onRef('r.tid', '=', 't.id').on('r.uid', '=', s.uid))
    .select(['tp.id as tpid', 'tp.tid'])
    .where('tp.pid', '=', s.pid)
    .where('t.auth', '=', TrainingAuth.PRIVATE)
    .execute();
  await insertRecords(
    db,
    places.map((p) => ({ tid: p.tid, tpid: p.tpid, pid: s.pid, uid: s.uid, submit_id: s.submitId })),
  );
}

/** A user just registered: their accepted submissions of the training's problems (HOJ syncs these only). */
export async function syncRecordsOfUser(db: Db, tid: number, uid: string): Promise<void> {
  const rows = await db.kysely
    .selectFrom('judge as j')
    .innerJoin('training_problem as tp', (j) => j.onRef('tp.pid', '=', 'j.pid').on('tp.tid', '=', tid))
    .select(['j.submit_id', 'j.pid', 'tp.id as tpid'])
    .where('j.uid', '=', uid)
    .where('j.cid', '=', 0)
    .where('j.status', '=', JudgeStatus.ACCEPTED)
    .execute();
  await insertRecords(
    db,
    rows.map((r) => ({ tid, tpid: r.tpid, pid: r.pid, uid, submit_id: r.submit_id })),
  );
}

/** A problem joined a private training: its registered users' accepted submissions of it. */
export async function syncRecordsOfProblem(
  db: Db,
  training: { id: number; auth: string },
  tp: { id: number; pid: number },
): Promise<void> {
  if (training.auth !== TrainingAuth.PRIVATE) return;
  const rows = await db.kysely
    .selectFrom('judge as j')
    .innerJoin('training_register as r', (j) => j.onRef('r.uid', '=', 'j.uid').on('r.tid', '=', training.id))
    .select(['j.submit_id', 'j.uid'])
    .where('j.pid', '=', tp.pid)
    .where('j.cid', '=', 0)
    .where('j.status', '=', JudgeStatus.ACCEPTED)
    .execute();
  await insertRecords(
    db,
    rows.map((r) => ({ tid: training.id, tpid: tp.id, pid: tp.pid, uid: r.uid, submit_id: r.submit_id })),
  );
}

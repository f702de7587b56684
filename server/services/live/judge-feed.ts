import { LRUCache } from 'lru-cache';
import { JudgeStatus } from '../../../shared/constants/judge-status';
import type { Db } from '../../db/database';
import type { JudgeEvents, SubmissionRef } from '../judge-queue/events';
import type { LiveHub } from './hub';

type Owner = Pick<SubmissionRef, 'uid' | 'cid'>;

/**
 * Turns the judge queue's events into live signals (subscribed once, where the app is assembled, beside
 * the caches' listeners): a submission's status for its owner, case progress, and a contest's board
 * changing. Progress events name only the submission; its owner is remembered from its other events,
 * or read once (a submission made on another replica).
 */
export function feedLiveFromJudging(events: JudgeEvents, hub: LiveHub, db: Db): void {
  const owners = new LRUCache<number, Owner>({ max: 20_000 });
  const remember = (s: SubmissionRef) => owners.set(s.submitId, { uid: s.uid, cid: s.cid });
  const ownerOf = async (submitId: number): Promise<Owner | undefined> => {
    const known = owners.get(submitId);
    if (known) return known;
    const row = await db.kysely
      .selectFrom('judge')
      .select(['uid', 'cid'])
      .where('submit_id', '=', submitId)
      .executeTakeFirst();
    if (row) owners.set(submitId, row);
    return row;
  };
  const board = (s: SubmissionRef) => {
    if (s.cid) hub.signal({ t: 'board', cid: s.cid, v: Date.now() });
  };
  // a verdict changes a frozen board only when the submission was made before the freeze
  const boardVerdict = (s: SubmissionRef) => {
    if (!s.cid) return;
    const v = Date.now();
    void db.kysely
      .selectFrom('judge')
      .select('submit_time')
      .where('submit_id', '=', s.submitId)
      .executeTakeFirst()
      .then(
        (row) =>
          hub.signal({
            t: 'board',
            cid: s.cid,
            v,
            ...(row ? { verdictOf: Date.parse(row.submit_time) } : {}),
          }),
        () => hub.signal({ t: 'board', cid: s.cid, v }),
      );
  };
  const status = (s: SubmissionRef, st: number) => {
    remember(s);
    hub.signal({ t: 'sub', id: s.submitId, uid: s.uid, cid: s.cid, st });
  };

  events.on('submitted', (s) => {
    status(s, JudgeStatus.PENDING);
    board(s);
  });
  events.on('requeued', ({ submissions }) => {
    for (const s of submissions) {
      status(s, JudgeStatus.PENDING);
      board(s);
    }
  });
  events.on('cancelled', (s) => {
    status(s, JudgeStatus.CANCELLED);
    board(s);
  });
  events.on('judged', (s) => {
    remember(s);
    hub.signal({
      t: 'sub',
      id: s.submitId,
      uid: s.uid,
      cid: s.cid,
      st: s.status,
      ...(s.manual ? {} : { verdict: true, cases: s.caseTimes?.length ?? 0 }),
    });
    boardVerdict(s);
  });
  events.on('stage', (e) => {
    void ownerOf(e.submitId).then(
      (o) => o && hub.signal({ t: 'sub', id: e.submitId, uid: o.uid, cid: o.cid, st: e.status }),
      () => undefined,
    );
  });
  events.on('caseJudged', (e) => {
    void ownerOf(e.submitId).then(
      (o) => o && hub.signal({ t: 'case', id: e.submitId, uid: o.uid, cid: o.cid, done: e.seq }),
      () => undefined,
    );
  });
}

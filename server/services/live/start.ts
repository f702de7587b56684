import type { Db } from '../../db/database';
import type { JudgeEvents } from '../judge-queue/events';
import type { QueuePlaces } from '../judge-queue/queue-position';
import { LiveHub, type LiveLog } from './hub';
import { feedLiveFromJudging } from './judge-feed';
import { PgLiveBus } from './pg-bus';
import { attachLiveSink } from './signals';

/**
 * The live channel of one server process: the hub, fed by the judge queue's events and by the services'
 * signals (messages, announcements); on PostgreSQL joined to the other replicas over LISTEN/NOTIFY, on
 * SQLite (one process) on its own.
 */
export async function startLive(o: {
  db: Db;
  databaseUrl: string | null;
  events: JudgeEvents;
  places: QueuePlaces;
  heartbeatMs: number;
  log: LiveLog;
}): Promise<LiveHub> {
  const hub = new LiveHub({ db: o.db, places: o.places, heartbeatMs: o.heartbeatMs, log: o.log });
  if (o.db.dialect === 'postgres' && o.databaseUrl) {
    hub.setBus(
      await PgLiveBus.start(o.databaseUrl, o.db.schema, {
        onSignal: (s) => hub.receive(s),
        onGap: () => hub.resetAll(),
        log: o.log,
      }),
    );
  }
  hub.onClose(attachLiveSink(o.db, (s) => hub.signal(s)));
  feedLiveFromJudging(o.events, hub, o.db);
  return hub;
}

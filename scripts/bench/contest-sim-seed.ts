/**
 * The simulated contest, written through the server's own services and database in the server's
 * process before anyone connects: a private ACM contest running now for the simulated length, its
 * problems (copies of A+B with their test data), two announcements, N users (one password hash
 * shared by all: hashing 2,000 passwords would take minutes) and their registrations.
 */

import type { VerdictServer } from '../../server/app';
import { insertProblem } from '../../server/seeds/demo';
import { A_PLUS_B } from '../../server/seeds/demo-problems';
import { hashPassword } from '../../server/services/auth/passwords';
import {
  type CurrentUser,
  findSession,
  findUserByUsername,
  insertUser,
  roleNames,
} from '../../server/services/auth/users';
import { nowIso } from '../../server/services/clock';
import { createContest } from '../../server/services/contests/admin-contests';
import { addProblemFromPublic } from '../../server/services/contests/contest-problems';
import { createContestAnnouncement } from '../../server/services/contests/ops/announcements';
import { ContestAuth, ContestType } from '../../shared/constants/contests';
import { contestAnnouncementCreateBody } from '../../shared/schemas/contest-ops';
import { contestCreateBody } from '../../shared/schemas/contests';

export interface SeedOptions {
  contestants: number;
  problems: number;
  contestMinutes: number;
  submitBurst: number;
  submitRefillSeconds: number;
}

export interface SeededContest {
  cid: number;
  displayIds: string[];
  usernames: string[];
  password: string;
}

export const CONTESTANT_PASSWORD = 'contest-sim-1';
const CHUNK = 500;

async function rootUser(server: VerdictServer): Promise<CurrentUser> {
  const row = await findUserByUsername(server.ctx.db, 'root');
  const session = row ? await findSession(server.ctx.db, row.uuid) : null;
  if (!session) throw new Error('no root account in the new site');
  return {
    uid: session.uid,
    username: session.username,
    roleIds: session.roleIds,
    roles: roleNames(session.roleIds),
  };
}

export async function seedContest(server: VerdictServer, o: SeedOptions): Promise<SeededContest> {
  const { db, files } = server.ctx;
  const root = await rootUser(server);
  // started a minute ago, so its problems are open from the first request
  const start = Date.now() - 60_000;
  const contest = await createContest(
    db,
    root,
    contestCreateBody.parse({
      title: `Simulated contest of ${o.contestants}`,
      description: 'Made by scripts/bench/contest-sim.ts.',
      type: ContestType.ACM,
      auth: ContestAuth.PRIVATE,
      pwd: 'contest-sim-entry',
      startTime: new Date(start).toISOString(),
      endTime: new Date(start + o.contestMinutes * 60_000).toISOString(),
      submitBurst: o.submitBurst,
      submitRefillSeconds: o.submitRefillSeconds,
    }),
  );

  const displayIds: string[] = [];
  for (let i = 0; i < o.problems; i++) {
    const displayId = String.fromCharCode(65 + i);
    const pid = await insertProblem(db, files, {
      ...A_PLUS_B,
      problemId: `SIM${i + 1}`,
      title: `Simulated problem ${displayId}`,
    });
    await addProblemFromPublic(db, server.ctx.queue.events, root, { cid: contest.id, pid, displayId });
    displayIds.push(displayId);
  }
  for (const title of ['Welcome', 'Clarification of problem A']) {
    await createContestAnnouncement(
      db,
      root,
      contestAnnouncementCreateBody.parse({
        cid: contest.id,
        announcement: { title, content: `${title}: the simulated jury says hello.` },
      }),
    );
  }

  const passwordHash = await hashPassword(CONTESTANT_PASSWORD);
  const usernames = Array.from({ length: o.contestants }, (_, i) => `sim${String(i + 1).padStart(5, '0')}`);
  const uids: string[] = [];
  await db.kysely.transaction().execute(async (trx) => {
    for (const username of usernames) uids.push(await insertUser(trx, { username, passwordHash }));
  });
  // what POST /api/register-contest writes once the password is right, for everyone at once
  const now = nowIso();
  for (let i = 0; i < uids.length; i += CHUNK) {
    await db.kysely
      .insertInto('contest_register')
      .values(
        uids
          .slice(i, i + CHUNK)
          .map((uid) => ({ cid: contest.id, uid, status: 0, gmt_create: now, gmt_modified: now })),
      )
      .execute();
  }
  return { cid: contest.id, displayIds, usernames, password: CONTESTANT_PASSWORD };
}

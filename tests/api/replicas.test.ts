import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type RemoteJudge, startRemoteJudge } from '../../judge/remote/daemon';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { A_PLUS_B, testClient, waitForVerdict } from '../helpers/api';
import { assertPostgresReachable } from '../helpers/databases';
import { POSTGRES_URL, startTestServer, type TestServer } from '../helpers/server';

const TOKEN = 'replica-test-judge-token-abcdef';

/** Stateless API replicas on one PostgreSQL, remote judges on loopback (docs/scaling.md, Replicas). */
describe('two API replicas and two remote judges on one PostgreSQL', () => {
  it('judges every submission exactly once, whichever replica took it', { timeout: 180_000 }, async () => {
    await assertPostgresReachable();
    const env = { JUDGE_TOKEN: TOKEN, JWT_SECRET: 'replicas-share-this-secret-0123456789abcdef' };
    const servers: TestServer[] = [];
    const judges: RemoteJudge[] = [];
    const caches = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'verdict-replica-cache-')));
    try {
      const a = await startTestServer({ databaseUrl: POSTGRES_URL, judgeWorkers: 0, env });
      servers.push(a);
      // The second replica shares the database schema and DATA_DIR (test data) of the first.
      const b = await startTestServer({
        databaseUrl: POSTGRES_URL,
        judgeWorkers: 0,
        env,
        dataDir: a.dataDir,
        databaseSchema: a.databaseSchema ?? undefined,
      });
      servers.unshift(b);
      for (const [i, server] of [a, b].entries()) {
        judges.push(
          await startRemoteJudge({
            server: server.url,
            token: TOKEN,
            cacheDir: caches[i],
            workers: 1,
            name: `judge-${i === 0 ? 'a' : 'b'}`,
            claimWaitMs: 5000,
          }),
        );
      }

      // A login on one replica is valid on the other (shared JWT_SECRET).
      const onA = testClient(a.url);
      await onA.login('root', a.rootPassword);
      const onB = testClient(b.url);
      onB.setToken(onA.token);
      const clients = [onA, onB];
      const languages = ['C', 'C++', 'Python3'];
      const ids: number[] = [];
      for (let i = 0; i < 10; i++) {
        const language = languages[i % languages.length];
        const sub = await clients[i % 2].api.submitProblemJudge({
          pid: '1000',
          language,
          code: A_PLUS_B[language],
        });
        ids.push(sub.submitId);
      }
      for (const [i, id] of ids.entries()) {
        expect((await waitForVerdict(clients[(i + 1) % 2], id, 150_000)).status).toBe(JudgeStatus.ACCEPTED);
      }

      const { db } = a.server.ctx;
      const rows = await db.kysely.selectFrom('judge').selectAll().where('submit_id', 'in', ids).execute();
      expect(rows).toHaveLength(10);
      for (const row of rows) {
        expect(row.attempt).toBe(1); // claimed once, by one judge
        expect(['judge-a', 'judge-b']).toContain(row.judger);
        const cases = await db.kysely
          .selectFrom('judge_case')
          .select(['seq', 'attempt'])
          .where('submit_id', '=', row.submit_id)
          .orderBy('seq')
          .execute();
        expect(cases.map((c) => c.seq)).toEqual([1, 2, 3, 4, 5, 6]);
      }
    } finally {
      await Promise.all(judges.map((j) => j.stop()));
      // close every replica before the schema is dropped
      for (const s of servers) await s.close();
      for (const s of servers) await s.destroy();
      for (const c of caches) rmSync(c, { recursive: true, force: true });
    }
  });
});

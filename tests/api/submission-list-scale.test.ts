import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import { LIST_TOTAL_CAP } from '../../shared/constants/limits';
import { type TestClient, testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { insertJudgeRows } from '../helpers/judge-rows';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * The submission list past its count cap (LIST_TOTAL_CAP): the total says "at least" instead of
 * counting every row, while filters that match fewer rows still count exactly, and the problem
 * and author filters match literally (no LIKE wildcards from the user).
 */
describe.each(DATABASES)('submission list at scale on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient;

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    const db = server.server.ctx.db;
    const daveUid = await createUser(db, { username: 'dave_1', password: 'dave1234' });
    const problems = await db.kysely.selectFrom('problem').select(['id', 'problem_id']).execute();
    const pid = (display: string) => problems.find((p) => p.problem_id === display)?.id ?? 0;
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
    const base = { uid: daveUid, username: 'dave_1' };
    await insertJudgeRows(db, [
      ...Array.from({ length: LIST_TOTAL_CAP + 10 }, (_, i) => ({
        ...base,
        pid: pid('1000'),
        displayPid: '1000',
        status: -1,
        submitTime: at(i),
      })),
      ...Array.from({ length: 3 }, (_, i) => ({
        ...base,
        pid: pid('1002'),
        displayPid: '1002',
        status: 0,
        submitTime: at(LIST_TOTAL_CAP + 20 + i),
      })),
    ]);
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
  }, 120_000);
  afterAll(async () => {
    await server?.destroy();
  });

  it('caps the total past the cap and says so; the page is still the newest rows', async () => {
    const page = await root.api.getSubmissionList({ currentPage: 1, limit: 15 });
    expect(page.total).toBe(LIST_TOTAL_CAP);
    expect(page.totalCapped).toBe(true);
    expect(page.records).toHaveLength(15);
    expect(page.records[0]?.displayPid).toBe('1002');
    const ids = page.records.map((r) => r.submitId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('counts exactly below the cap, per filter', async () => {
    const accepted = await root.api.getSubmissionList({ status: 0 });
    expect(accepted.total).toBe(3);
    expect(accepted.totalCapped).toBeUndefined();
    const exact = await root.api.getSubmissionList({ problemID: '1002', completeProblemID: true });
    expect(exact.total).toBe(3);
    const contains = await root.api.getSubmissionList({ problemID: '00', status: 0 });
    expect(contains.total).toBe(3);
  });

  it('matches problem and author filters literally, ignoring case', async () => {
    expect((await root.api.getSubmissionList({ username: 'DAVE_' })).totalCapped).toBe(true);
    expect((await root.api.getSubmissionList({ username: 'dave%' })).total).toBe(0);
    expect((await root.api.getSubmissionList({ username: 'd_ve' })).total).toBe(0);
    expect((await root.api.getSubmissionList({ problemID: '10_2' })).total).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import { A_PLUS_B, type TestClient, testClient, waitForVerdict } from '../helpers/api';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * The problem detail is served from a cache a few seconds old (docs/architecture.md, Caches);
 * what a user observes must still be right: a verdict judged here counts at once, and the
 * caller's own status is never shared between callers.
 */
describe('problem detail cache', () => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ judgeWorkers: 1 });
    await createUser(server.server.ctx.db, { username: 'alice', password: 'alice123' });
    await createUser(server.server.ctx.db, { username: 'bob', password: 'bob12345' });
    alice = testClient(server.url);
    await alice.login('alice', 'alice123');
    bob = testClient(server.url);
    await bob.login('bob', 'bob12345');
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('counts a verdict at once and keeps each caller’s own status', async () => {
    const before = await alice.api.getProblemDetail('1000');
    expect(before.myStatus).toBe(-10);
    const submitted = await alice.api.submitProblemJudge({
      pid: '1000',
      language: 'C',
      code: A_PLUS_B.C ?? '',
    });
    expect((await waitForVerdict(alice, submitted.submitId)).status).toBe(0);

    const after = await alice.api.getProblemDetail('1000');
    expect(after.problemCount.total).toBe(before.problemCount.total + 1);
    expect(after.problemCount.ac).toBe(before.problemCount.ac + 1);
    expect(after.myStatus).toBe(0);
    // bob reads the same cached detail and still sees his own status
    expect((await bob.api.getProblemDetail('1000')).myStatus).toBe(-10);
    expect((await testClient(server.url).api.getProblemDetail('1000')).myStatus).toBe(-10);
  });
});

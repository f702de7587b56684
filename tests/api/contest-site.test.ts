import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContestForm } from '../../shared/schemas/contests';
import { failure, type TestClient, testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';

const HOUR = 3_600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();
const form = (overrides: Partial<ContestForm> = {}): ContestForm => ({
  title: 'Site Cup',
  description: '',
  type: 0,
  auth: 0,
  startTime: at(HOUR),
  endTime: at(3 * HOUR),
  ...overrides,
});

const EN = "The short name must not be one of the main site's paths";
const ZH = '短名称不能与主站的路径相同';

/** A contest site lives at /SHORT: a short name may not be a main-site path segment. */
describe.each(DATABASES)('contest site short names on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient;
  let zhRoot: TestClient;

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    zhRoot = testClient(server.url, 'zh-CN');
    await zhRoot.login('root', server.rootPassword);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('refuses main-site path segments in any case, on create and on update, in both languages', async () => {
    for (const shortName of [
      'admin',
      'Admin',
      'STATUS',
      'problem',
      'contest',
      'message',
      'setting',
      'user-home',
      'login',
      'assets',
    ]) {
      const e = await failure(root.api.adminAddContest(form({ shortName })));
      expect([e.httpStatus, e.message.startsWith(EN)], shortName).toEqual([400, true]);
    }
    const zh = await failure(zhRoot.api.adminAddContest(form({ shortName: 'Login' })));
    expect([zh.httpStatus, zh.message.startsWith(ZH)]).toEqual([400, true]);

    const ok = await root.api.adminAddContest(form({ shortName: 'winter-26' }));
    expect(ok.shortName).toBe('winter-26');
    const onUpdate = await failure(
      root.api.adminUpdateContest({ ...form({ shortName: 'Setting' }), id: ok.id }),
    );
    expect([onUpdate.httpStatus, onUpdate.message.startsWith(EN)]).toEqual([400, true]);
    expect((await root.api.adminGetContest(ok.id)).shortName).toBe('winter-26');
    // names that only contain a reserved word are fine
    const near = await root.api.adminAddContest(form({ shortName: 'admin-cup' }));
    expect(near.shortName).toBe('admin-cup');
  });

  it('answers the landing calls by short name and 404s an unknown one', async () => {
    const c = await root.api.adminAddContest(
      form({ shortName: 'land26', subheading: 'Sub', sponsor: 'ACME', visible: true }),
    );
    const anon = testClient(server.url);
    expect(await anon.api.getContestHomeId({ contest: 'land26' })).toBe(c.id);
    expect(await anon.api.getContestHome({ contest: 'land26' })).toMatchObject({
      cid: c.id,
      subheading: 'Sub',
      sponsor: 'ACME',
      coOrganizer: null,
    });
    expect((await failure(anon.api.getContestHomeId({ contest: 'nosuch1' }))).httpStatus).toBe(404);
  });
});

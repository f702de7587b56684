import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadCache } from '../../server/services/cache/read-cache';
import { saveImportDefaults } from '../../server/services/packages/settings';
import { saveSettingsSection } from '../../server/services/site/settings';
import { testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { userClient } from '../helpers/users';

/**
 * What the endpoint fuzzer (tests/api/fuzz-endpoints.test.ts) found, one case each, so a change
 * that brings a fault back fails here by name (docs/reliability.md, What broke).
 */

describe('hostile input the fuzzer found', () => {
  let server: TestServer;
  let rootToken = '';
  let userToken = '';
  const webDir = mkdtempSync(join(tmpdir(), 'verdict-hostile-web-'));

  beforeAll(async () => {
    writeFileSync(
      join(webDir, 'index.html'),
      '<!doctype html><html><head><title>Verdict</title></head></html>',
    );
    server = await startTestServer({ judgeWorkers: 0, demo: false, env: { WEB_DIR: webDir } });
    const root = testClient(server.url);
    await root.login('root', server.rootPassword);
    rootToken = root.token ?? '';
    userToken = (await userClient(server, 'hostile')).token ?? '';
  });
  afterAll(async () => {
    await server?.destroy();
    rmSync(webDir, { recursive: true, force: true });
  });

  describe('a language cookie that is not valid percent-encoding', () => {
    it.each(['%E0%A4%A', '%', '%ZZ'])(
      'Web_Language=%s: the API answers in the default language',
      async (value) => {
        const res = await fetch(`${server.url}/api/get-website-config`, {
          headers: { cookie: `Web_Language=${value}` },
        });
        expect(res.status).toBe(200);
      },
    );

    it('a page is still served', async () => {
      const res = await fetch(`${server.url}/problem/1000`, { headers: { cookie: 'Web_Language=%E0%A4%A' } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<title>');
    });
  });

  // the page's meta description was looked up by the path's first segment in a plain object
  it.each(['/__proto__', '/constructor', '/hasOwnProperty', '/toString'])(
    'a page at %s is served with the default description, not a 500',
    async (path) => {
      const res = await fetch(`${server.url}${path}?l=en-US`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<title>');
    },
  );

  describe('a multipart body that is not well-formed: a 400 saying what to send, not a 500', () => {
    const boundary = 'fuzzBoundary';
    const malformed: Record<string, { contentType: string; body: string }> = {
      'no boundary': { contentType: 'multipart/form-data', body: '--x\r\n\r\n--x--' },
      'cut short': {
        contentType: `multipart/form-data; boundary=${boundary}`,
        body: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.zip"\r\n\r\nPK\u0003\u0004`,
      },
    };
    const routes = [
      { path: '/api/file/upload-avatar', token: () => userToken, words: 'Choose an image' },
      { path: '/api/file/upload-md-img', token: () => rootToken, words: 'Choose an image' },
      { path: '/api/file/upload-carouse-img', token: () => rootToken, words: 'Choose an image' },
      { path: '/api/file/import-problem', token: () => rootToken, words: 'multipart form field "file"' },
      {
        path: '/api/admin/problem/verify-package',
        token: () => rootToken,
        words: 'multipart form field "file"',
      },
    ];
    const cases = routes.flatMap((r) => Object.keys(malformed).map((kind) => ({ ...r, kind })));

    it.each(cases)('POST $path, $kind', async ({ path, token, words, kind }) => {
      const { contentType, body } = malformed[kind] ?? { contentType: '', body: '' };
      const res = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { authorization: token(), 'content-type': contentType, 'accept-language': 'en-US' },
        body,
      });
      const answer = (await res.json()) as { status: number; msg: string };
      expect({ http: res.status, status: answer.status }).toEqual({ http: 400, status: 400 });
      expect(answer.msg).toContain(words);
    });
  });

  it('the API docs’ index with a query sends the browser to the docs page, not to itself', async () => {
    const res = await fetch(`${server.url}/api/docs/static/index.html?x=${'y'.repeat(8000)}`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/api/docs/');
  });
});

describe('a read cache', () => {
  it('answers a read whose load a write drops meanwhile, instead of failing it', async () => {
    const cache = new ReadCache<{ v: number }>({ max: 10, ttlMs: 60_000 });
    let release: (value: { v: number }) => void = () => {};
    const slow = new Promise<{ v: number }>((resolve) => {
      release = resolve;
    });
    const read = cache.get('k', () => slow);
    // a write in this process drops the key while the read waits on its load
    cache.delete('k');
    release({ v: 1 });
    await expect(read).resolves.toEqual({ v: 1 });
  });
});

describe('a file part cut short in the first upload a server reads', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ judgeWorkers: 0, demo: false });
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('is answered (a 400), not left waiting for the rest of the part', async () => {
    const root = testClient(server.url);
    await root.login('root', server.rootPassword);
    // the whole body arrives while the route is still starting (its first request): the parser
    // ends the part with an error before the route listens to it
    const boundary = 'cutShort';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n\u0089PNG`;
    const res = await fetch(`${server.url}/api/file/upload-md-img`, {
      method: 'POST',
      headers: {
        authorization: root.token ?? '',
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
      // an answer, whatever the machine's load; without the fix none ever came
      signal: AbortSignal.timeout(30_000),
    });
    expect(res.status).toBe(400);
  });
});

/**
 * What PostgreSQL refuses and SQLite lets through: a number beyond its 32-bit INTEGER columns, and
 * the NUL character in text. Both are the request's fault, refused with a 400 on either database.
 */
describe.each(DATABASES)('values the database cannot hold, on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let token = '';

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    token = (await userClient(server, 'bigints')).token ?? '';
  });
  afterAll(async () => {
    await server?.destroy();
  });

  async function call(method: string, path: string, body?: unknown): Promise<{ http: number; msg: string }> {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: token,
        'accept-language': 'en-US',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await res.json()) as { msg: string };
    return { http: res.status, msg: answer.msg };
  }

  it.each([
    ['GET', '/api/get-contest-access?cid=2147483648'],
    ['GET', '/api/get-all-case-result?submitId=5989894337275421'],
    ['GET', '/api/get-problem-list?difficulty=9007199254740988'],
    ['GET', '/api/get-contest-list?status=9007199254740953'],
    ['GET', '/api/get-training-detail?tid=555171489730201'],
    ['GET', '/api/get-group-detail?gid=2918001783084377'],
    ['GET', '/api/reply?commentId=2147483648'],
  ])('%s %s: a 400, not a 500', async (method, path) => {
    expect((await call(method, path)).http).toBe(400);
  });

  it('a body id beyond the INTEGER range: a 400', async () => {
    const answer = await call('POST', '/api/check-submissions-status', { submitIds: [3844547153981995] });
    expect(answer.http).toBe(400);
  });

  it('the largest INTEGER is still an id (not found, not refused)', async () => {
    expect((await call('GET', '/api/get-contest-access?cid=2147483647')).http).toBe(404);
  });

  it('saves of one settings section at once, before it was ever saved, all succeed', async () => {
    const fresh = await startTestServer({ databaseUrl, judgeWorkers: 0, demo: false });
    try {
      const db = fresh.server.ctx.db;
      // what two admins saving at once (or one double click) makes the server do
      await expect(
        Promise.all([
          saveSettingsSection(db, 'switches', { defaultSubmitInterval: 1 }),
          saveSettingsSection(db, 'switches', { defaultSubmitInterval: 2 }),
          saveImportDefaults(db, { timeLimitMs: 1000 }),
          saveImportDefaults(db, { timeLimitMs: 2000 }),
        ]),
      ).resolves.toBeDefined();
    } finally {
      await fresh.destroy();
    }
  });

  it('logouts with one token at once are each answered, none fails', async () => {
    const c = await userClient(server, `twice${name}`);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        fetch(`${server.url}/api/logout`, { headers: { authorization: c.token ?? '' } }).then(
          (r) => r.status,
        ),
      ),
    );
    expect(answers.filter((status) => status >= 500)).toEqual([]);
  });

  it.each([
    ['POST', '/api/change-userInfo', { nickname: 'a\u0000b' }],
    ['POST', '/api/check-username-or-email', { username: 'a\u0000b' }],
    ['GET', '/api/get-problem-list?keyword=a%00b', undefined],
    ['GET', '/api/get-problem-detail?problemId=a%00b', undefined],
  ])('%s %s with the NUL character: a 400 saying so', async (method, path, body) => {
    const answer = await call(method, path, body);
    expect(answer).toEqual({ http: 400, msg: 'Text may not contain the NUL character (U+0000).' });
  });
});

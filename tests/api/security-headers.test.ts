import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Security headers as a client receives them (docs/security.md): the web app's CSP on pages,
 * assets and the API docs, a no-content CSP on /api data, framing refused everywhere, no referrer,
 * powerful features off, HSTS only when the operator's PUBLIC_URL is https.
 */

const WEB_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "font-src 'self' data:; connect-src 'self' http://localhost:10043 http://localhost:10045 http://localhost:27121; " +
  "object-src 'none'; base-uri 'self'; form-action 'self'; " +
  "frame-ancestors 'none'";
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

function expectCommon(res: Response) {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  const permissions = res.headers.get('permissions-policy') ?? '';
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
    expect(permissions).toContain(`${feature}=()`);
  expect(res.headers.get('content-security-policy')).not.toContain('unsafe-eval');
}

describe.each(DATABASES)('security headers on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
  });
  afterAll(async () => {
    await server?.destroy();
  });
  const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init);

  it('serves the web app, its files and client routes with the web CSP', async () => {
    const index = await get('/');
    expect(index.status).toBe(200);
    const html = await index.text();
    expectCommon(index);
    expect(index.headers.get('content-security-policy')).toBe(WEB_CSP);
    // no inline script for 'self' to refuse: the theme bootstrap is a file of the site
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const theme = await get('/theme-init.js');
    expect([theme.status, theme.headers.get('content-type')]).toEqual([
      200,
      'application/javascript; charset=utf-8',
    ]);
    expectCommon(theme);

    const route = await get('/problem/1000');
    expect(route.headers.get('content-security-policy')).toBe(WEB_CSP);
    expectCommon(route);
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '';
    const script = await get(asset);
    expect(script.status).toBe(200);
    expectCommon(script);
  });

  it('answers /api data, errors and 404s with a CSP that allows nothing', async () => {
    for (const [path, status] of [
      ['/api/get-website-config', 200],
      ['/api/get-user-auth-info', 401],
      ['/api/no-such-call', 404],
    ] as const) {
      const res = await get(path);
      expect([path, res.status]).toEqual([path, status]);
      expect(res.headers.get('content-security-policy')).toBe(API_CSP);
      expectCommon(res);
    }
  });

  it('keeps the avatar images’ own sandboxing CSP', async () => {
    const c = testClient(server.url);
    await c.login('root', server.rootPassword);
    const image = new PNG({ width: 4, height: 4 });
    image.data.fill(120);
    const { data } = await c.api.uploadAvatar(
      new Blob([new Uint8Array(PNG.sync.write(image))], { type: 'image/png' }),
      'a.png',
    );
    expect(data.avatar).toMatch(/^\/api\/public\/img\//);
    const res = await get(data.avatar ?? '');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expectCommon(res);
  });

  it('serves the API docs (Swagger UI) under the web CSP', async () => {
    const page = await get('/api/docs/static/index.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(WEB_CSP);
    expect(await page.text()).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const spec = await get('/api/docs/json');
    expect(spec.status).toBe(200);
    expectCommon(spec);
  });

  it('sends no HSTS without an https PUBLIC_URL, whatever the request claims', async () => {
    const res = await get('/', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('HSTS follows PUBLIC_URL', () => {
  it('is sent on every response when PUBLIC_URL is https, and not when it is http', async () => {
    const https = await startTestServer({
      judgeWorkers: 0,
      env: { PUBLIC_URL: 'https://judge.example.org/' },
    });
    const http = await startTestServer({ judgeWorkers: 0, env: { PUBLIC_URL: 'http://judge.example.org' } });
    try {
      for (const path of ['/', '/api/get-website-config', '/api/no-such-call']) {
        const res = await fetch(`${https.url}${path}`);
        expect([path, res.headers.get('strict-transport-security')]).toEqual([
          path,
          'max-age=31536000; includeSubDomains',
        ]);
        expect((await fetch(`${http.url}${path}`)).headers.get('strict-transport-security')).toBeNull();
      }
    } finally {
      await https.destroy();
      await http.destroy();
    }
  });
});

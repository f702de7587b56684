import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProblem } from '../../server/seeds/demo';
import { DiscussionStatus } from '../../shared/constants/discussions';
import { ProblemAuth } from '../../shared/constants/problems';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * How the server delivers the web app's files and pages (docs/benchmarks.md, first load): built
 * files precompressed by the build and sent in the encoding the browser accepts, a year's cache on
 * hashed assets, API answers compressed above a kilobyte (never test data downloads), robots.txt
 * and favicon.ico as real files, any other missing file a 404 rather than index.html, and a
 * problem page's title and description in the HTML before any script runs.
 *
 * The web directory is a small stand-in for dist/web written here, so the test does not depend on
 * a build: index.html shaped like Vite's, one hashed script with its .br and .gz, and the real
 * robots.txt and favicon.ico of web/public.
 */

const TOKEN = 'static-files-test-judge-token-0123456789';
const SCRIPT = `${'export const answer = "compress me";\n'.repeat(200)}`;
const INDEX = [
  '<!doctype html>',
  '<html lang="zh-CN">',
  '  <head>',
  '    <meta charset="UTF-8" />',
  '    <title>Verdict</title>',
  '    <script type="module" crossorigin src="/assets/index-AbC123.js"></script>',
  '  </head>',
  '  <body><div id="root"></div></body>',
  '</html>',
  '',
].join('\n');

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET that neither decodes nor adds headers: what arrives on the wire. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((done, fail) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

function decode(raw: Raw): string {
  const encoding = raw.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(raw.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw.body).toString('utf8');
  return raw.body.toString('utf8');
}

let server: TestServer;
let webDir: string;
const url = (path: string) => `${server.url}${path}`;

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'verdict-web-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), INDEX);
  const script = join(webDir, 'assets', 'index-AbC123.js');
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT, { level: 9 }));
  copyFileSync(resolve('web/public/robots.txt'), join(webDir, 'robots.txt'));
  copyFileSync(resolve('web/public/favicon.ico'), join(webDir, 'favicon.ico'));
  server = await startTestServer({ judgeWorkers: 0, env: { WEB_DIR: webDir, JUDGE_TOKEN: TOKEN } });
  const { db, files } = server.server.ctx;
  const problem = (problemId: string, title: string, description: string) => ({
    problemId,
    title,
    type: 0,
    timeLimit: 1000,
    memoryLimit: 256,
    difficulty: 1,
    description,
    input: 'Two integers.',
    output: 'One integer.',
    hint: '',
    source: '',
    examples: [{ input: '1 2', output: '3' }],
    cases: [{ input: '1 2\n', output: '3\n', score: 100 }],
    tags: [],
  });
  await insertProblem(
    db,
    files,
    problem(
      'SEO1',
      '<script>alert("t")</script> & Sum',
      'Read $n$ numbers and print "their" **sum** <b>now</b>. Then stop.\n\n$$x^2$$',
    ),
  );
  await insertProblem(db, files, problem('SEO2', 'Secret Hidden Title', 'A secret first sentence. More.'));
  await db.kysely
    .updateTable('problem')
    .set({ auth: ProblemAuth.PRIVATE })
    .where('problem_id', '=', 'SEO2')
    .execute();
});

afterAll(async () => {
  await server?.destroy();
  rmSync(webDir, { recursive: true, force: true });
});

describe('files of the web app', () => {
  it('sends the precompressed copy the browser accepts, with a year of cache on hashed assets', async () => {
    const path = '/assets/index-AbC123.js';
    const br = await rawGet(url(path), { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.equals(readFileSync(join(webDir, 'assets', 'index-AbC123.js.br')))).toBe(true);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(decode(br)).toBe(SCRIPT);

    const gz = await rawGet(url(path), { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.length).toBeLessThan(SCRIPT.length / 5);
    expect(decode(gz)).toBe(SCRIPT);

    const plain = await rawGet(url(path));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(SCRIPT);
  });

  it('answers robots.txt and favicon.ico with the real files', async () => {
    const robots = await rawGet(url('/robots.txt'));
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    const text = decode(robots);
    expect(text).toContain('User-agent: *');
    expect(text).toMatch(/^Disallow: \/admin$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);

    const icon = await rawGet(url('/favicon.ico'));
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\//);
    expect(icon.body.equals(readFileSync(resolve('web/public/favicon.ico')))).toBe(true);
  });

  it('answers a missing file with 404, never with index.html', async () => {
    for (const path of [
      '/sitemap.xml',
      '/apple-touch-icon.png',
      '/wp-login.php',
      '/assets/gone-123.js',
      '/a/b/c.txt',
    ]) {
      const res = await rawGet(url(path), { accept: 'text/html' });
      expect(res.status, path).toBe(404);
      expect(decode(res), path).not.toContain('<html');
    }
    // client routes, a problem whose id has a dot and a contest site's short name still get the app
    for (const path of ['/problem', '/status', '/contest/3', '/problem/P1.5', '/my-contest']) {
      const res = await rawGet(url(path));
      expect(res.status, path).toBe(200);
      expect(decode(res), path).toContain('<div id="root">');
      expect(res.headers['cache-control'], path).toBe('no-cache');
    }
  });
});

describe('page heads', () => {
  const headOf = async (path: string, headers: Record<string, string> = {}) => {
    const html = decode(await rawGet(url(path), headers));
    return {
      html,
      lang: /<html lang="([^"]*)"/.exec(html)?.[1],
      title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
      description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1],
    };
  };

  it("gives a public problem's page its title and the first sentence of its statement", async () => {
    const head = await headOf('/problem/1000?l=en-US');
    expect(head.lang).toBe('en-US');
    expect(head.title).toBe('A+B Problem - Verdict');
    expect(head.description).toBe('Given two integers a and b, print their sum a+b.');
    expect(head.html.match(/<title>/g)).toHaveLength(1);
    expect(head.html.match(/name="description"/g)).toHaveLength(1);
  });

  it('escapes what a problem author wrote and drops its markup', async () => {
    const head = await headOf('/problem/SEO1');
    expect(head.title).toBe('&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt; &amp; Sum - Verdict');
    expect(head.description).toBe('Read n numbers and print &quot;their&quot; sum now.');
    expect(head.html).not.toContain('<script>alert');
    expect(head.html).not.toContain('<b>');
  });

  it('never shows a hidden or unknown problem: the site name and a generic text in the language asked', async () => {
    for (const path of ['/problem/SEO2', '/problem/NOPE']) {
      const zh = await headOf(path);
      expect(zh.lang).toBe('zh-CN');
      expect(zh.title).toBe('Verdict');
      expect(zh.html).not.toContain('Secret');
      expect(zh.description).toMatch(/编程题/);
      const en = await headOf(path, { cookie: 'Web_Language=en-US' });
      expect(en.lang).toBe('en-US');
      expect(en.description).toMatch(/^A programming problem on Verdict/);
    }
  });

  it('gives a discussion a visitor may read its title and first sentence; a blocked one reads like the list', async () => {
    const db = server.server.ctx.db.kysely;
    const post = await db
      .selectFrom('discussion')
      .select('id')
      .where('title', 'like', 'A+B (1000)%')
      .executeTakeFirstOrThrow();
    const head = await headOf(`/discussion-detail/${post.id}?l=en-US`);
    expect(head.title).toBe('A+B (1000): mind the overflow / 注意溢出 - Verdict');
    expect(head.description).toBe('Why the sum needs 64 bits / 为什么和需要 64 位整数');
    await db
      .updateTable('discussion')
      .set({ status: DiscussionStatus.BLOCKED })
      .where('id', '=', post.id)
      .execute();
    try {
      const blocked = await headOf(`/discussion-detail/${post.id}?l=en-US`);
      expect(blocked.title).toBe('Verdict');
      expect(blocked.description).toMatch(/^Discussions on Verdict/);
      expect(blocked.html).not.toContain('overflow');
    } finally {
      await db
        .updateTable('discussion')
        .set({ status: DiscussionStatus.VISIBLE })
        .where('id', '=', post.id)
        .execute();
    }
  });

  it('describes every public page in the language of the web app', async () => {
    const expected: Record<string, RegExp> = {
      '/': /^Verdict is an online judge/,
      '/problem': /^Programming problems on Verdict/,
      '/status': /^Submissions on Verdict/,
      '/contest': /^Programming contests on Verdict/,
      '/discussion': /^Discussions on Verdict/,
    };
    for (const [path, text] of Object.entries(expected)) {
      const head = await headOf(`${path}?l=en-US`);
      expect(head.description, path).toMatch(text);
      expect(head.title, path).toBe('Verdict');
      const zh = await headOf(path);
      expect(zh.description, path).toMatch(/Verdict|编程|评测|比赛/);
      expect(zh.description, path).not.toBe(head.description);
    }
  });
});

describe('API answers', () => {
  it('compresses answers above a kilobyte in the encoding asked, and keeps the API policy', async () => {
    const big = await rawGet(url('/api/get-problem-list?limit=50'), { 'accept-encoding': 'br, gzip' });
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const body = JSON.parse(decode(big)) as { status: number; data: { records: unknown[] } };
    expect(body.status).toBe(200);
    expect(Buffer.byteLength(decode(big))).toBeGreaterThan(1024);
    expect(big.body.length).toBeLessThan(Buffer.byteLength(decode(big)));

    const gz = await rawGet(url('/api/get-problem-list?limit=50'), { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const none = await rawGet(url('/api/get-problem-list?limit=50'));
    expect(none.headers['content-encoding']).toBeUndefined();

    // small answers go as they are
    const small = await rawGet(url('/api/get-common-announcement?limit=1'), {
      'accept-encoding': 'br, gzip',
    });
    expect(Buffer.byteLength(small.body)).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it("sends site announcements and a contest's description rendered, beside the raw Markdown", async () => {
    const res = await fetch(url('/api/get-common-announcement'));
    const { data } = (await res.json()) as { data: { records: { content: string; contentHtml: string }[] } };
    expect(data.records.length).toBeGreaterThan(0);
    for (const a of data.records) {
      expect(typeof a.content).toBe('string');
      expect(a.contentHtml).toMatch(/^<(p|h\d|ul|ol|table|pre|blockquote)/);
      expect(a.contentHtml).not.toMatch(/<script/);
    }
  });

  it('sends test data to judges as stored: not compressed, with its length, after a long poll as usual', async () => {
    const row = await server.server.ctx.db.kysely
      .selectFrom('problem_case')
      .select(['input_hash', 'input_size'])
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const file = await rawGet(url(`/api/judge/file/${row.input_hash}`), {
      'x-judge-token': TOKEN,
      'accept-encoding': 'br, gzip',
    });
    expect(file.status).toBe(200);
    expect(file.headers['content-encoding']).toBeUndefined();
    expect(file.headers['content-length']).toBe(String(row.input_size));
    expect(createHash('sha256').update(file.body).digest('hex')).toBe(row.input_hash);

    const claim = await fetch(url('/api/judge/claim'), {
      method: 'POST',
      headers: { 'x-judge-token': TOKEN, 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
      body: JSON.stringify({ worker: 'w', judger: 'static-files', waitMs: 300 }),
    });
    expect(claim.status).toBe(200);
    expect(((await claim.json()) as { status: number }).status).toBe(200);
  });
});

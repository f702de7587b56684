import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_FILES } from '../../server/data-dir';
import { createUser } from '../../server/services/auth/users';
import type { ApiEnvelope } from '../../shared/api/types';
import { Role } from '../../shared/constants/roles';
import { STATEMENT_FILES } from '../../shared/constants/statement-files';
import { failure, type TestClient, testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Images and files in Markdown statements at HOJ's paths (docs/security.md, Statement images and
 * files): each image kind told by its bytes and served back as it was sent; SVG, HTML named .png,
 * empty and oversized uploads refused with their messages and nothing kept; files served only as
 * downloads; who may upload and delete; no name a client sends ever reaches a path.
 */

/** A PNG of real pixels (any decoder takes it). */
function png(width = 8, height = 8, seed = 0): Buffer {
  const image = new PNG({ width, height });
  for (let i = 0; i < image.data.length; i += 4) image.data.set([200, seed % 256, (i / 4) % 256, 255], i);
  return PNG.sync.write(image);
}

const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0]), Buffer.from(';')]);
const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9,
]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([26, 0, 0, 0]),
  Buffer.from('WEBPVP8L'),
  Buffer.from([13, 0, 0, 0, 0x2f, 0, 0, 0, 0, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0]),
]);
const SVG = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
const HTML = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';

const MSG = {
  imageUploaded: 'The image has been uploaded.',
  fileUploaded: 'The file has been uploaded.',
  imageType:
    'Only PNG, JPEG, GIF and WebP images can go into a statement (told by the file’s content, not its name). Attach other files with “Attach file”.',
  imageSvg:
    'SVG images are not accepted: they can carry script. Export the picture as PNG, or attach the SVG as a file to download.',
  imageRequired: 'Choose an image to upload.',
  fileRequired: 'Choose a file to upload (an empty file cannot be attached).',
  imageTooLarge: 'The image is larger than 4 MB.',
  fileTooLarge: 'The file is larger than 128 MB.',
  adminOnly: 'Only root, admins and problem admins may put images and files into statements.',
  notYours: 'Only the one who uploaded this file, or root, may delete it.',
  notFound: 'The file does not exist.',
};

describe.each(DATABASES)('statement images and files on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  const db = () => server.server.ctx.db.kysely;
  const clients: Record<string, TestClient> = {};

  const as = (who: string): TestClient => {
    const c = clients[who];
    if (!c) throw new Error(`no client ${who}`);
    return c;
  };

  /**
   * A multipart request that declares `declared` bytes and sends only its first line: the server
   * must answer from the declared length alone.
   */
  function declaredOnly(
    path: string,
    who: string,
    declared: number,
  ): Promise<{ status: number; msg: string }> {
    const url = new URL(server.url);
    return new Promise((resolve, reject) => {
      const req = httpRequest({
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        headers: {
          Authorization: as(who).token ?? '',
          'Accept-Language': 'en-US',
          'Content-Type': 'multipart/form-data; boundary=x',
          'Content-Length': String(declared),
        },
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = JSON.parse(Buffer.concat(chunks).toString()) as ApiEnvelope<null>;
          resolve({ status: res.statusCode ?? 0, msg: body.msg });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.write('--x\r\n');
    });
  }

  /** A raw upload in the given language, as HOJ's client sends it (multipart). */
  async function upload(
    who: string | null,
    kind: 'img' | 'file',
    data: Buffer | string,
    filename: string,
    type = 'application/octet-stream',
    language = 'en-US',
  ): Promise<{
    status: number;
    body: ApiEnvelope<{ link: string; fileId: number } | null>;
    headers: Headers;
  }> {
    const form = new FormData();
    form.append(
      kind === 'img' ? 'image' : 'file',
      new Blob([typeof data === 'string' ? data : new Uint8Array(data)], { type }),
      filename,
    );
    const headers: Record<string, string> = { 'Accept-Language': language };
    const token = who ? as(who).token : null;
    if (token) headers.Authorization = token;
    const path = kind === 'img' ? '/api/file/upload-md-img' : '/api/file/upload-md-file';
    const res = await fetch(`${server.url}${path}`, { method: 'POST', headers, body: form });
    return {
      status: res.status,
      body: (await res.json()) as ApiEnvelope<{ link: string; fileId: number } | null>,
      headers: res.headers,
    };
  }

  async function uploaded(who: string, kind: 'img' | 'file', data: Buffer | string, filename: string) {
    const res = await upload(who, kind, data, filename);
    expect([res.status, res.body.msg]).toEqual([200, kind === 'img' ? MSG.imageUploaded : MSG.fileUploaded]);
    if (!res.body.data) throw new Error('no answer');
    return res.body.data;
  }

  /** Rows and stored blobs: a refused upload must leave all three as they were. */
  async function kept(): Promise<{ rows: number; images: number; blobs: number }> {
    const count = async (table: 'statement_file' | 'public_image') =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const store = join(server.dataDir, DATA_FILES.files);
    const blobs = readdirSync(store, { recursive: true, withFileTypes: true }).filter((d) =>
      d.isFile(),
    ).length;
    return { rows: await count('statement_file'), images: await count('public_image'), blobs };
  }

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    const ctx = server.server.ctx;
    const root = testClient(server.url);
    await root.login('root', server.rootPassword);
    clients.root = root;
    for (const [username, roleId] of [
      ['padmin', Role.PROBLEM_ADMIN],
      ['padmin2', Role.PROBLEM_ADMIN],
      ['siteadmin', Role.ADMIN],
      ['plain', Role.DEFAULT_USER],
      ['busy', Role.PROBLEM_ADMIN],
    ] as const) {
      await createUser(ctx.db, { username, password: 'files123', roleId });
      const c = testClient(server.url);
      await c.login(username, 'files123');
      clients[username] = c;
    }
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('takes PNG, JPEG, GIF and WebP by their bytes and serves each back byte for byte', async () => {
    const cases = [
      [png(16, 16, 1), 'diagram.png', 'png', 'image/png'],
      // the client's name and type say PNG: the bytes decide
      [JPEG, 'photo.png', 'jpg', 'image/jpeg'],
      [GIF, 'anim.jpeg', 'gif', 'image/gif'],
      [WEBP, 'pic', 'webp', 'image/webp'],
    ] as const;
    for (const [data, filename, ext, type] of cases) {
      const answer = await uploaded('padmin', 'img', data, filename);
      expect(answer.link).toMatch(new RegExp(`^/api/public/img/[0-9a-f]{64}\\.${ext}$`));
      expect(answer.fileId).toBeGreaterThan(0);
      const served = await fetch(`${server.url}${answer.link}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(Buffer.from(await served.arrayBuffer()).equals(data)).toBe(true);
    }
    // through the typed client the console uses, root too
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png(4, 4, 2))]), 'x.png');
    const viaClient = await as('root').api.adminUploadMarkdownImage(form);
    expect(viaClient.link).toMatch(/^\/api\/public\/img\/[0-9a-f]{64}\.png$/);
  });

  it('refuses SVG, HTML named .png, an empty file and an image over 4 MB, keeping nothing', async () => {
    const before = await kept();
    const svg = await upload('padmin', 'img', SVG, 'logo.svg', 'image/svg+xml');
    expect([svg.status, svg.body.msg]).toEqual([400, MSG.imageSvg]);
    const bareSvg = await upload('padmin', 'img', '<svg onload="alert(1)"/>', 'logo.png', 'image/png');
    expect([bareSvg.status, bareSvg.body.msg]).toEqual([400, MSG.imageSvg]);
    const html = await upload('padmin', 'img', HTML, 'cat.png', 'image/png');
    expect([html.status, html.body.msg]).toEqual([400, MSG.imageType]);
    const pdf = await upload('padmin', 'img', Buffer.from('%PDF-1.4\n%\xe2\xe3\n'), 'doc.gif', 'image/gif');
    expect([pdf.status, pdf.body.msg]).toEqual([400, MSG.imageType]);
    const empty = await upload('padmin', 'img', Buffer.alloc(0), 'empty.png', 'image/png');
    expect([empty.status, empty.body.msg]).toEqual([400, MSG.imageRequired]);

    // one byte over the limit: read up to the limit and cut there
    const small = png();
    const over = Buffer.concat([small, Buffer.alloc(STATEMENT_FILES.imageMaxBytes + 1 - small.length, 1)]);
    const tooLarge = await upload('padmin', 'img', over, 'big.png', 'image/png');
    expect([tooLarge.status, tooLarge.body.msg]).toEqual([400, MSG.imageTooLarge]);
    // far over: refused from the declared length, the connection closed
    const huge = await upload('padmin', 'img', Buffer.alloc(12 * 1024 * 1024, 7), 'huge.png', 'image/png');
    expect([huge.status, huge.body.msg, huge.headers.get('connection')]).toEqual([
      400,
      MSG.imageTooLarge,
      'close',
    ]);
    // the image under another field than HOJ's `image`, and a JSON body
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png())], { type: 'image/png' }), 'a.png');
    const wrongField = await fetch(`${server.url}/api/file/upload-md-img`, {
      method: 'POST',
      headers: { Authorization: as('padmin').token ?? '', 'Accept-Language': 'en-US' },
      body: form,
    });
    expect([wrongField.status, ((await wrongField.json()) as ApiEnvelope<null>).msg]).toEqual([
      400,
      MSG.imageRequired,
    ]);
    const json = await fetch(`${server.url}/api/file/upload-md-img`, {
      method: 'POST',
      headers: {
        Authorization: as('padmin').token ?? '',
        'Content-Type': 'application/json',
        'Accept-Language': 'en-US',
      },
      body: JSON.stringify({ image: 'x' }),
    });
    expect([json.status, ((await json.json()) as ApiEnvelope<null>).msg]).toEqual([400, MSG.imageRequired]);
    expect(await kept()).toEqual(before);

    // exactly 4 MB fits
    const exact = Buffer.concat([small, Buffer.alloc(STATEMENT_FILES.imageMaxBytes - small.length, 2)]);
    await uploaded('padmin', 'img', exact, 'exact.png');
  });

  it('says in Chinese why an image is refused', async () => {
    const svg = await upload('padmin', 'img', SVG, 'a.svg', 'image/svg+xml', 'zh-CN');
    expect([svg.status, svg.body.msg]).toEqual([
      400,
      '不接受 SVG 图片：SVG 可能携带脚本。请将图片导出为 PNG，或将 SVG 作为附件供下载。',
    ]);
    const big = await upload(
      'padmin',
      'img',
      Buffer.alloc(12 * 1024 * 1024, 7),
      'a.png',
      'image/png',
      'zh-CN',
    );
    expect([big.status, big.body.msg]).toEqual([400, '图片超过了 4 MB。']);
  });

  it('serves an attached file of any type only as a download, under a name the server made', async () => {
    const answer = await uploaded('padmin', 'file', HTML, 'samples «β».html');
    expect(answer.link).toMatch(/^\/api\/public\/file\/[0-9a-f]{32}\.html$/);
    const res = await fetch(`${server.url}${answer.link}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="samples ___.html"; filename*=UTF-8''${encodeURIComponent('samples «β».html')}`,
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe(HTML);

    // the same bytes again: another name, both served
    const again = await uploaded('padmin', 'file', HTML, 'copy.html');
    expect(again.link).not.toBe(answer.link);
    expect((await fetch(`${server.url}${again.link}`)).status).toBe(200);

    // binary content, no extension
    const bytes = Buffer.from([0, 1, 2, 255, 254, 13, 10]);
    const plain = await uploaded('siteadmin', 'file', bytes, 'data');
    expect(plain.link).toMatch(/^\/api\/public\/file\/[0-9a-f]{32}$/);
    const got = await fetch(`${server.url}${plain.link}`);
    expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
    expect(got.headers.get('content-disposition')).toBe(`attachment; filename="data"; filename*=UTF-8''data`);

    const before = await kept();
    const empty = await upload('padmin', 'file', Buffer.alloc(0), 'empty.txt');
    expect([empty.status, empty.body.msg]).toEqual([400, MSG.fileRequired]);
    const huge = await declaredOnly(
      '/api/file/upload-md-file',
      'padmin',
      STATEMENT_FILES.fileMaxBytes + 1024 * 1024,
    );
    expect(huge).toEqual({ status: 400, msg: MSG.fileTooLarge });
    expect(await kept()).toEqual(before);
  });

  it('never lets a name reach a path', async () => {
    // a client's name with path parts: kept only as the download's name, without them
    const answer = await uploaded('padmin', 'file', 'secret', '../../../etc/passwd');
    expect(answer.link).toMatch(/^\/api\/public\/file\/[0-9a-f]{32}$/);
    const res = await fetch(`${server.url}${answer.link}`);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="passwd"; filename*=UTF-8''passwd`,
    );
    const windows = await uploaded('padmin', 'file', 'x', 'C:\\Users\\me\\notes..txt');
    expect(windows.link).toMatch(/^\/api\/public\/file\/[0-9a-f]{32}\.txt$/);
    const image = await uploaded('padmin', 'img', png(3, 3, 9), '../../verdict.db');
    expect(image.link).toMatch(/^\/api\/public\/img\/[0-9a-f]{64}\.png$/);

    // names that are not the server's: never looked up, never read
    const testCase = await db().selectFrom('problem_case').select('input_hash').executeTakeFirstOrThrow();
    for (const path of [
      '/api/public/file/..%2f..%2fverdict.db',
      '/api/public/file/%2e%2e%2fjwt-secret',
      '/api/public/file/..%5c..%5cverdict.db',
      `/api/public/file/${testCase.input_hash}`,
      `/api/public/file/${testCase.input_hash.slice(0, 32)}`,
      `/api/public/img/${testCase.input_hash}.png`,
      `/api/public/file/${'0'.repeat(32)}.txt`,
      // an image is not a file download, nor a file an image
      `/api/public/file/${image.link.split('/').pop()}`,
      `/api/public/img/${answer.link.split('/').pop()}.png`,
    ]) {
      const got = await fetch(`${server.url}${path}`);
      expect([path, got.status]).toEqual([path, 404]);
    }
    const bad = await fetch(`${server.url}/api/file/delete-md-img?fileId=1%20OR%201%3D1`, {
      headers: { Authorization: as('root').token ?? '' },
    });
    expect(bad.status).toBe(400);
  });

  it('lets only the admin roles upload: a plain user 403, a visitor 401', async () => {
    const before = await kept();
    for (const kind of ['img', 'file'] as const) {
      const plain = await upload('plain', kind, png(), 'a.png');
      expect([plain.status, plain.body.msg]).toEqual([403, MSG.adminOnly]);
      const visitor = await upload(null, kind, png(), 'a.png');
      expect(visitor.status).toBe(401);
    }
    const img = await uploaded('siteadmin', 'img', png(5, 5, 3), 'a.png');
    expect((await failure(as('plain').api.adminDeleteMarkdownFile(img.fileId))).httpStatus).toBe(403);
    const visitor = await fetch(`${server.url}/api/file/delete-md-img?fileId=${img.fileId}`);
    expect(visitor.status).toBe(401);
    expect((await kept()).rows).toBe(before.rows + 1);
  });

  it('deletes only for the uploader or root; a deleted image is no longer served', async () => {
    const mine = await uploaded('padmin', 'img', png(7, 7, 11), 'mine.png');
    for (const other of ['padmin2', 'siteadmin'] as const) {
      const refused = await failure(as(other).api.adminDeleteMarkdownFile(mine.fileId));
      expect([refused.httpStatus, refused.message]).toEqual([403, MSG.notYours]);
    }
    expect((await fetch(`${server.url}${mine.link}`)).status).toBe(200);
    await as('padmin').api.adminDeleteMarkdownFile(mine.fileId);
    expect((await fetch(`${server.url}${mine.link}`)).status).toBe(404);
    const gone = await failure(as('padmin').api.adminDeleteMarkdownFile(mine.fileId));
    expect([gone.httpStatus, gone.message]).toEqual([404, MSG.notFound]);

    // root deletes anyone's; a file's link goes too
    const file = await uploaded('siteadmin', 'file', 'attachment', 'a.txt');
    await as('root').api.adminDeleteMarkdownFile(file.fileId);
    expect((await fetch(`${server.url}${file.link}`)).status).toBe(404);

    // the same bytes uploaded twice (or someone's avatar): one deletion leaves the other's address working
    const shared = png(6, 6, 12);
    const first = await uploaded('padmin', 'img', shared, 'one.png');
    const second = await uploaded('padmin2', 'img', shared, 'two.png');
    expect(second.link).toBe(first.link);
    await as('padmin').api.adminDeleteMarkdownFile(first.fileId);
    expect((await fetch(`${server.url}${first.link}`)).status).toBe(200);
    await as('padmin2').api.adminDeleteMarkdownFile(second.fileId);
    expect((await fetch(`${server.url}${first.link}`)).status).toBe(404);

    const avatarBytes = png(6, 6, 13);
    const avatarForm = new FormData();
    avatarForm.append('image', new Blob([new Uint8Array(avatarBytes)]), 'me.png');
    const avatar = await fetch(`${server.url}/api/file/upload-avatar`, {
      method: 'POST',
      headers: { Authorization: as('plain').token ?? '' },
      body: avatarForm,
    });
    expect(avatar.status).toBe(200);
    const asStatement = await uploaded('padmin', 'img', avatarBytes, 'avatar-copy.png');
    await as('padmin').api.adminDeleteMarkdownFile(asStatement.fileId);
    expect((await fetch(`${server.url}${asStatement.link}`)).status).toBe(200);
  });

  it('limits how many uploads one admin makes in ten minutes', async () => {
    const { max } = STATEMENT_FILES.uploads;
    for (let i = 0; i < max; i++) {
      const res = await upload('busy', 'file', `note ${i}`, `n${i}.txt`);
      expect(res.status).toBe(200);
    }
    const refused = await upload('busy', 'img', png(), 'one-more.png');
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toMatch(/^Too many of these requests\. Please try again in \d+ minutes\.$/);
    // another admin is not held up
    await uploaded('padmin2', 'file', 'still fine', 'ok.txt');
  });
});

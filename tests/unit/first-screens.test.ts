// @vitest-environment node
/**
 * The first screen's scripts named in a page's head: the table of screens agrees with the router,
 * and the server names a screen's chunks (less what index.html names) from the build's manifest.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pagePreloads } from '@/server/plugins/web-manifest';
import { renderIndexHtml } from '@/server/services/seo/page-head';
import { FIRST_SCREEN_MODULES, firstScreenModule } from '@/shared/seo/first-screens';

const ROUTER = readFileSync(resolve(__dirname, '../../web/app/router.tsx'), 'utf8');

describe('the first screens', () => {
  it('names only modules the router loads lazily', () => {
    for (const module of FIRST_SCREEN_MODULES) {
      expect(ROUTER, module).toContain(`import('@/web/${module.replace(/\.tsx$/, '')}')`);
    }
  });

  it('finds the screen of each public page, and none for the others', () => {
    expect(firstScreenModule('/')).toBe('features/home/home-route.tsx');
    expect(firstScreenModule('/home')).toBe('features/home/home-route.tsx');
    expect(firstScreenModule('/problem')).toBe('features/problems/routes/problem-list-route.tsx');
    expect(firstScreenModule('/problem/')).toBe('features/problems/routes/problem-list-route.tsx');
    expect(firstScreenModule('/problem/A.1')).toBe('features/problems/routes/problem-detail-route.tsx');
    expect(firstScreenModule('/status')).toBe('features/submissions/routes/submission-list-route.tsx');
    expect(firstScreenModule('/contest')).toBe('features/contests/routes/contest-list-route.tsx');
    for (const path of ['/admin', '/contest/1', '/problem/1/x', '/__proto__', '/constructor', '/setting']) {
      expect(firstScreenModule(path), path).toBeNull();
    }
  });
});

describe('the head of a first load', () => {
  const dir = mkdtempSync(join(tmpdir(), 'verdict-manifest-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const manifestFile = join(dir, '.vite', 'manifest.json');
  mkdirSync(join(dir, '.vite'));
  const write = (manifest: object, mtime: number) => {
    writeFileSync(manifestFile, JSON.stringify(manifest));
    utimesSync(manifestFile, mtime, mtime);
  };

  it("names the language's messages and the screen's chunks, not what index.html names", async () => {
    write(
      {
        'index.html': { file: 'assets/index-1.js', imports: ['_core-1.js'] },
        '_core-1.js': { file: 'assets/core-1.js' },
        '../locales/en-US.json': { file: 'assets/en-US-1.js' },
        '../locales/zh-CN.json': { file: 'assets/zh-CN-1.js' },
        'features/problems/routes/problem-detail-route.tsx': {
          file: 'assets/problem-detail-route-1.js',
          imports: ['_core-1.js', 'index.html', '_forms-1.js', '_markdown-1.js'],
        },
        '_forms-1.js': { file: 'assets/forms-1.js', imports: ['_core-1.js', '_markdown-1.js'] },
        '_markdown-1.js': { file: 'assets/markdown-1.js', css: ['assets/markdown-1.css'] },
        'features/home/home-route.tsx': { file: 'assets/home-route-1.js' },
      },
      1_000,
    );
    const preloads = pagePreloads(dir);
    expect(await preloads('en-US', '/problem/1000')).toEqual({
      scripts: [
        '/assets/en-US-1.js',
        '/assets/problem-detail-route-1.js',
        '/assets/forms-1.js',
        '/assets/markdown-1.js',
      ],
      styles: ['/assets/markdown-1.css'],
    });
    expect(await preloads('zh-CN', '/admin')).toEqual({ scripts: ['/assets/zh-CN-1.js'], styles: [] });

    // a rebuilt app is read again
    write(
      {
        'index.html': { file: 'assets/index-2.js' },
        'features/home/home-route.tsx': { file: 'assets/home-2.js' },
      },
      2_000,
    );
    expect(await preloads('en-US', '/')).toEqual({ scripts: ['/assets/home-2.js'], styles: [] });
  });

  it('names nothing without a manifest', async () => {
    const preloads = pagePreloads(join(dir, 'missing'));
    expect(await preloads('en-US', '/')).toEqual({ scripts: [], styles: [] });
  });

  it('writes the links after the description, each attribute escaped', () => {
    const html = renderIndexHtml(
      '<html lang="zh-CN"><head><title>Verdict</title></head></html>',
      { title: 'A & B', description: 'd', own: false },
      'en-US',
      '/',
      { scripts: ['/assets/a.js', '/assets/"x.js'], styles: ['/assets/b.css'] },
    );
    expect(html).toContain('<html lang="en-US">');
    expect(html).toContain(
      '<title>A &amp; B</title>\n    <meta name="description" content="d" />' +
        '\n    <link rel="modulepreload" crossorigin href="/assets/a.js" />' +
        '\n    <link rel="modulepreload" crossorigin href="/assets/&quot;x.js" />' +
        '\n    <link rel="preload" as="style" crossorigin href="/assets/b.css" />',
    );
  });
});

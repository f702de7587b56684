// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { messagesScript, startScripts } from '@/server/plugins/web-manifest';
import { renderIndexHtml } from '@/server/services/seo/page-head';

// A first load's head names the script of the language's messages, which index.html cannot name
// (one file per language) and the app needs before it paints (server/plugins/web-manifest.ts).
describe('the head of a first load', () => {
  const dir = mkdtempSync(join(tmpdir(), 'verdict-manifest-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const manifestFile = join(dir, '.vite', 'manifest.json');
  mkdirSync(join(dir, '.vite'));
  const write = (manifest: object, mtime: number) => {
    writeFileSync(manifestFile, JSON.stringify(manifest));
    utimesSync(manifestFile, mtime, mtime);
  };

  it("names the language's messages from the build's manifest, read again after a rebuild", async () => {
    write(
      {
        'index.html': { file: 'assets/index-1.js' },
        '../locales/en-US.json': { file: 'assets/en-US-1.js' },
        '../locales/zh-CN.json': { file: 'assets/zh-CN-1.js' },
      },
      1_000,
    );
    const messages = messagesScript(dir);
    expect(await messages('en-US')).toBe('/assets/en-US-1.js');
    expect(await messages('zh-CN')).toBe('/assets/zh-CN-1.js');
    write({ '../locales/en-US.json': { file: 'assets/en-US-2.js' } }, 2_000);
    expect(await messages('en-US')).toBe('/assets/en-US-2.js');
    expect(await messages('zh-CN')).toBeNull();
  });

  it('names nothing without a manifest', async () => {
    expect(await messagesScript(join(dir, 'missing'))('en-US')).toBeNull();
    expect(await startScripts(join(dir, 'missing'))()).toEqual([]);
  });

  it("names the scripts the app's start loads: the entry's imports and its stages', with theirs, once each", async () => {
    write(
      {
        'index.html': {
          file: 'assets/index-1.js',
          isEntry: true,
          imports: ['_core.js'],
          dynamicImports: ['app/router.tsx', '_i18n.js'],
        },
        '_core.js': { file: 'assets/core-1.js', imports: ['_runtime.js'] },
        '_runtime.js': { file: 'assets/runtime-1.js' },
        '_i18n.js': { file: 'assets/i18n-1.js', imports: ['_core.js'] },
        'app/router.tsx': {
          file: 'assets/router-1.js',
          imports: ['_core.js', '_button.js'],
          // a screen's code is loaded when it is opened, not by the start
          dynamicImports: ['features/home.tsx'],
        },
        '_button.js': { file: 'assets/button-1.js', imports: ['_runtime.js'] },
        'features/home.tsx': { file: 'assets/home-1.js' },
      },
      3_000,
    );
    expect(await startScripts(dir)()).toEqual([
      '/assets/core-1.js',
      '/assets/runtime-1.js',
      '/assets/router-1.js',
      '/assets/button-1.js',
      '/assets/i18n-1.js',
    ]);
  });

  it('writes the description after the title and the messages after it, each attribute escaped', () => {
    const html = renderIndexHtml(
      '<html lang="zh-CN"><head><title>Verdict</title>\n    <script type="module" src="/assets/index.js"></script>\n  </head></html>',
      { title: 'A & B', description: 'd', own: false },
      'en-US',
      '/',
      '/assets/"x.js',
    );
    expect(html).toContain('<html lang="en-US">');
    expect(html).toContain(
      '<title>A &amp; B</title>\n    <meta name="description" content="d" />' +
        '\n    <link rel="modulepreload" crossorigin href="/assets/&quot;x.js" />\n    <script type="module"',
    );
    // no other script is named: the first screen's chunks follow the entry (docs/benchmarks.md)
    expect(html.match(/modulepreload/g)).toHaveLength(1);
  });

  it("puts the server's frame in the root and starts the app after the first paint", () => {
    const template =
      '<html lang="zh-CN"><head><title>Verdict</title>\n    <script type="module" crossorigin src="/assets/index.js"></script>\n' +
      '    <link rel="modulepreload" crossorigin href="/assets/core.js">\n    <link rel="stylesheet" href="/assets/index.css">\n' +
      '  </head><body><div id="root"></div></body></html>';
    const head = { title: 'T', description: 'd', own: false };
    const framed = renderIndexHtml(template, head, 'en-US', '/', '/assets/en.js', {
      frame: '<header>nav</header>',
      scripts: ['/assets/core.js', '/assets/router.js'],
    });
    expect(framed).toContain('<div id="root"><header>nav</header></div>');
    // nothing of the app is asked for by the head: app-start.js asks for it, the messages and the
    // start's scripts too (each once), after the paint
    expect(framed).not.toContain('type="module"');
    expect(framed).not.toContain('modulepreload');
    expect(framed).toContain(
      '<script defer src="/app-start.js" data-entry="/assets/index.js" data-preload="/assets/core.js /assets/en.js /assets/router.js"></script>',
    );
    expect(framed).toContain('<link rel="stylesheet" href="/assets/index.css">');
    // the answers the screen was drawn with follow the root, inert, and no text in them can end the element
    const hostile = JSON.stringify({ queries: [{ title: '</script><script>alert(1)</script><!--' }] });
    const withData = renderIndexHtml(template, head, 'en-US', '/', null, {
      frame: '<main>list</main>',
      data: hostile,
      styles: ['/assets/katex.css'],
    });
    const block = /<script type="application\/json" id="first-data">(.*?)<\/script>/s.exec(withData);
    expect(block?.[1]).not.toContain('<');
    expect(JSON.parse(block?.[1] ?? '')).toEqual(JSON.parse(hostile));
    expect(withData.match(/<script/g)).toHaveLength(2);
    expect(withData).toContain('<div id="root"><main>list</main></div>\n    <script type="application/json"');
    // a style sheet the server's markup needs is in the head, before the body
    expect(withData.indexOf('<link rel="stylesheet" crossorigin href="/assets/katex.css" />')).toBeLessThan(
      withData.indexOf('<body>'),
    );
    // markup that holds the screen is marked for the app to take over in place; the frame alone is not
    const screen = renderIndexHtml(template, head, 'en-US', '/', null, {
      frame: '<main>list</main>',
      screen: true,
    });
    expect(screen).toContain('<div id="root" data-screen-drawn><main>list</main></div>');
    expect(framed).not.toContain('data-screen-drawn');
    // without a frame nothing can paint before the scripts: the head names them, as the build wrote it
    for (const frame of [null, undefined]) {
      const bare = renderIndexHtml(template, head, 'en-US', '/', '/assets/en.js', {
        frame,
        screen: true,
        scripts: ['/assets/core.js', '/assets/router.js'],
      });
      expect(bare).toContain('<div id="root"></div>');
      expect(bare).toContain('<script type="module" crossorigin src="/assets/index.js"></script>');
      expect(bare).toContain('<link rel="modulepreload" crossorigin href="/assets/en.js" />');
      // and what the app starts with, each once (the build's template names the core already)
      expect(bare).toContain('<link rel="modulepreload" crossorigin href="/assets/router.js" />');
      expect(bare.match(/\/assets\/core\.js/g)).toHaveLength(1);
      expect(bare).not.toContain('app-start');
    }
  });
});

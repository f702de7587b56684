/**
 * `npx tsx scripts/bench/web-cpu.ts`: where a page's first load spends the browser's main-thread
 * JavaScript time. Opens each page of BENCH_PAGES (comma-separated, default `/`) in Debian's
 * Chromium at phone size against a server with the demo data, samples the JavaScript profiler
 * until the network is idle, and prints the self time by script file and by function (minified
 * names, with their line and column in the built file). Lighthouse's mobile score multiplies this
 * time by four; docs/benchmarks.md keeps what it found. Asserts nothing. Run `npm run build:web`
 * first. BENCH_LANG (`zh-CN` default, or `en-US`); BENCH_SAVE, a folder to keep each page's
 * `.cpuprofile` in (Chromium's DevTools opens it).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Protocol } from 'puppeteer-core';
import { launch } from '../../tests/e2e/chromium';
import { startTestServer } from '../../tests/helpers/server';

const PAGES = (process.env.BENCH_PAGES ?? '/').split(',');
const LANG = process.env.BENCH_LANG ?? 'zh-CN';
const SAVE = process.env.BENCH_SAVE;
const NOT_JS = new Set(['(idle)', '(program)']);

function selfTimes(profile: Protocol.Profiler.Profile) {
  const sampled = new Map<number, number>();
  const samples = profile.samples ?? [];
  for (let i = 0; i < samples.length; i++) {
    const id = samples[i] as number;
    sampled.set(id, (sampled.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0));
  }
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    if (NOT_JS.has(functionName)) continue;
    const ms = (sampled.get(node.id) ?? 0) / 1000;
    const file = url.split('/').pop() || functionName;
    const fn = `${functionName || '(anonymous)'} ${file}:${lineNumber}:${columnNumber}`;
    total += ms;
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  }
  return { total, byFile, byFunction };
}

const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `  ${v.toFixed(1).padStart(7)} ms  ${k}`)
    .join('\n');

async function main(): Promise<void> {
  if (!existsSync(resolve('dist/web/index.html'))) throw new Error('run `npm run build:web` first');
  const server = await startTestServer({ judgeWorkers: 0 });
  const { browser, close } = await launch();
  try {
    for (const path of PAGES) {
      const page = await browser.newPage();
      await page.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true });
      const cdp = await page.createCDPSession();
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
      const started = Date.now();
      await page.goto(`${server.url}${path}?l=${LANG}`, { waitUntil: 'networkidle0' });
      const wall = Date.now() - started;
      const { profile } = await cdp.send('Profiler.stop');
      const { total, byFile, byFunction } = selfTimes(profile);
      process.stdout.write(
        `${path}: JavaScript ${total.toFixed(0)} ms in ${wall} ms until the network was idle\n` +
          `by file\n${top(byFile, 10)}\nby function\n${top(byFunction, 15)}\n\n`,
      );
      if (SAVE) {
        mkdirSync(SAVE, { recursive: true });
        writeFileSync(
          join(SAVE, `${path.replace(/\W+/g, '_') || 'home'}.cpuprofile`),
          JSON.stringify(profile),
        );
      }
      await page.close();
    }
  } finally {
    await close();
    await server.destroy();
  }
}

await main();

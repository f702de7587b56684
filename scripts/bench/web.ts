/**
 * `npm run bench:web`: Lighthouse (from the npm registry, driving Debian's Chromium) against a real
 * server with the demo data, on the public pages, with mobile emulation and on a desktop. Prints
 * performance, accessibility, best practices, SEO (0-100), the layout shift and the main timings
 * per page; asserts nothing (docs/benchmarks.md keeps the figures). Not in CI: each page costs
 * 10-20 s. Run `npm run build:web` first.
 *
 * Environment: BENCH_LANG (`zh-CN` default, or `en-US`), BENCH_THEME (`light` default, or `dark`),
 * BENCH_PAGES (comma-separated paths), BENCH_RUNS (runs per page and device; the median by
 * performance is printed), BENCH_DEVICES (`mobile,desktop` default), BENCH_SAVE (a folder to
 * keep each run's full Lighthouse report in, to see where the time goes), BENCH_WEB_DIR (a build
 * of the web app to serve instead of dist/web, to compare two builds in turn), CHROMIUM_PATH.
 * Each row ends with Lighthouse's benchmark index of the host's CPU: its 4× slowdown for mobile is
 * meant for a high-end desktop (1500-2000 in its docs), so a lower index means a slower phone.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config, type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM, CHROMIUM_ARGS } from '../../tests/e2e/chromium';
import { startTestServer } from '../../tests/helpers/server';

const LANG = process.env.BENCH_LANG ?? 'zh-CN';
const THEME = process.env.BENCH_THEME ?? 'light';
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const PAGES = (process.env.BENCH_PAGES ?? '/,/problem,/problem/1000,/status,/contest').split(',');
const DEVICES = (process.env.BENCH_DEVICES ?? 'mobile,desktop').split(',') as Device[];
const SAVE = process.env.BENCH_SAVE;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

type Device = 'mobile' | 'desktop';

interface Row {
  page: string;
  device: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  fcp: number;
  lcp: number;
  tbt: number;
  /** Lighthouse's measure of the host's CPU (its docs: a high-end desktop is 1500-2000) */
  benchmarkIndex: number;
  failed: string[];
}

const score = (v: number | null | undefined) => Math.round((v ?? 0) * 100);

async function audit(port: number, url: string, device: Device, run: number): Promise<Row> {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
  const config: Config | undefined = device === 'desktop' ? (desktopConfig as Config) : undefined;
  const result = await lighthouse(url, flags, config);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (SAVE) {
    mkdirSync(SAVE, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${device}-${run}.json`;
    writeFileSync(join(SAVE, name), JSON.stringify(lhr));
    // the page load's trace beside it, to see what each long task was (Chromium's Performance panel)
    const trace = (result.artifacts as { Trace?: unknown }).Trace;
    if (trace) writeFileSync(join(SAVE, name.replace(/\.json$/, '.trace.json')), JSON.stringify(trace));
  }
  const audits = lhr.audits;
  const num = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  // the audits that cost points outside performance, to say what is left to fix
  const failed = Object.values(lhr.categories)
    .filter((c) => c.id !== 'performance')
    .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => audits[r.id]))
    .filter((a) => a && a.score !== null && a.score < 1)
    .map((a) => a?.id ?? '');
  return {
    page: new URL(url).pathname,
    device,
    performance: score(lhr.categories.performance?.score),
    accessibility: score(lhr.categories.accessibility?.score),
    bestPractices: score(lhr.categories['best-practices']?.score),
    seo: score(lhr.categories.seo?.score),
    cls: num('cumulative-layout-shift'),
    fcp: num('first-contentful-paint'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    failed,
  };
}

function print(rows: Row[]): void {
  const head = 'page            device   perf  a11y  best  seo   CLS     FCP      LCP      TBT  CPU index';
  process.stdout.write(`${head}\n`);
  for (const r of rows) {
    const ms = (v: number) => `${(v / 1000).toFixed(2)} s`.padStart(8);
    process.stdout.write(
      `${r.page.padEnd(16)}${r.device.padEnd(9)}${String(r.performance).padStart(4)}  ${String(r.accessibility).padStart(4)}  ${String(r.bestPractices).padStart(4)}  ${String(r.seo).padStart(4)}  ${r.cls.toFixed(3)}  ${ms(r.fcp)} ${ms(r.lcp)} ${`${Math.round(r.tbt)} ms`.padStart(8)}${String(Math.round(r.benchmarkIndex)).padStart(11)}${r.failed.length ? `  (${r.failed.join(', ')})` : ''}\n`,
    );
  }
}

async function main(): Promise<void> {
  if (!existsSync(resolve('dist/web/index.html'))) throw new Error('run `npm run build:web` first');
  const server = await startTestServer({
    judgeWorkers: 0,
    ...(process.env.BENCH_WEB_DIR ? { env: { WEB_DIR: resolve(process.env.BENCH_WEB_DIR) } } : {}),
  });
  // the web app's default theme follows the system: Blink's preferred scheme 0 is dark, 1 light
  const scheme = `--blink-settings=preferredColorScheme=${THEME === 'dark' ? 0 : 1}`;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [...CHROMIUM_ARGS, scheme],
  });
  const rows: Row[] = [];
  try {
    process.stdout.write(
      `Lighthouse on ${server.url}, language ${LANG}, theme ${THEME}, ${RUNS} run(s) each\n`,
    );
    for (const device of DEVICES) {
      for (const path of PAGES) {
        // the language by ?l= (the web app's own switch); the theme follows the system's (below)
        const url = `${server.url}${path}?l=${LANG}`;
        const runs: Row[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await audit(chrome.port, url, device, i));
        runs.sort((a, b) => a.performance - b.performance);
        const median = runs[Math.floor(runs.length / 2)];
        if (median) rows.push(median);
      }
    }
  } finally {
    chrome.kill();
    await server.destroy();
  }
  print(rows);
}

await main();

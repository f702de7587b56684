import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markdownPlainText } from '../../server/services/markdown/plain-text';
import { WEB_DELIVERY } from '../../shared/constants/web-delivery';
import { firstSentence } from '../../shared/seo/page-descriptions';
import { startTestServer, type TestServer } from '../helpers/server';
import { launch, requireWebBuild } from './chromium';
import { EVIL_HOST, TINY } from './hostile/corpus';
import { type HostileSite, PAYLOAD_COUNT, seedHostileSite, visibleLine } from './hostile/seed';
import { exerciseLinks, scanDom, type WatchedPage, waitForTexts, watchedPage } from './hostile/watch';
import { photograph } from './pages';

/**
 * Hostile text in a real browser (docs/reliability.md, Hostile text in a real browser): the XSS
 * corpus of tests/e2e/hostile/corpus.ts is written through the API into every field users write,
 * then every page that shows those fields is opened in Chromium, as a visitor and as the user or
 * admin who sees it, in Chinese and English, and its links are pointed at and followed. No page may
 * call `__xss`, contact another host, open a dialog, throw, or hold markup only hostile text would
 * put there; escaped text must read as typed. Screenshots of a few pages are taken when asked for (photograph in pages.ts).
 */
/** E2E_WEB_DIR may name another built web app (a private build); dist/web otherwise. */
const WEB_DIR = process.env.E2E_WEB_DIR ? resolve(process.env.E2E_WEB_DIR) : resolve('dist/web');
type Who = 'visitor' | 'evil' | 'root';
type Lang = 'en-US' | 'zh-CN';

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let site: HostileSite;
const watched = new Map<Who, WatchedPage>();

beforeAll(async () => {
  if (!existsSync(join(WEB_DIR, 'index.html'))) requireWebBuild();
  server = await startTestServer({ judgeWorkers: 0, env: { WEB_DIR } });
  site = await seedHostileSite(server);
  ({ browser, close: closeBrowser } = await launch());
}, 120_000);

afterAll(async () => {
  await closeBrowser?.();
  await server?.destroy();
});

/** One page per identity, kept across visits: each visit is a full load of the app. */
async function pageFor(who: Who): Promise<WatchedPage> {
  const known = watched.get(who);
  if (known) return known;
  const session = who === 'visitor' ? null : who === 'root' ? site.root : site.evil;
  const made = await watchedPage(browser, server.url, session);
  watched.set(who, made);
  return made;
}

const url = (path: string, lang: Lang) => `${server.url}${path}${path.includes('?') ? '&' : '?'}l=${lang}`;

interface Visit {
  who: Who;
  path: string;
  lang?: Lang;
  /** texts the page must show (markers of the fields it holds, escaped lines as typed) */
  shows: string[];
  /** elements that must be there: what draws a hostile value that is not text (a colour) */
  has?: string[];
  /** what a reader clicks first to see the text (an announcement folded in a list) */
  open?: string;
  shot?: string;
}

/** Opens one page and collects everything it did wrong. */
async function visit(v: Visit): Promise<{ page: Page; problems: string[] }> {
  const w = await pageFor(v.who);
  w.reset();
  const { page } = w;
  await page.goto(url(pathOf(v.path), v.lang ?? 'en-US'), { waitUntil: 'domcontentloaded' });
  if (v.open) {
    await page.waitForSelector(v.open, { timeout: 30_000 });
    // a contest's new announcement may open over the page first: closed as a reader would
    await page.keyboard.press('Escape');
    await page.click(v.open);
  }
  await waitForTexts(page, v.shows);
  for (const selector of v.has ?? []) await page.waitForSelector(selector, { timeout: 30_000 });
  await w.settle();
  const links = await exerciseLinks(page);
  await w.settle();
  const dom = await scanDom(page);
  const size = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    height: document.documentElement.scrollHeight,
    // an element itself wider than 4 viewports, outside boxes that scroll their own (display maths, code)
    wide: [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().width > 4 * window.innerWidth)
      .filter((el) => !el.closest('.katex-display, pre'))
      .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute('class')?.slice(0, 40) ?? ''}">`)
      .slice(0, 3),
  }));
  if (v.shot) {
    // a contest's new announcement opens over the page: closed as a reader would
    await page.keyboard.press('Escape');
    await photograph(page, v.shot, { settleMs: 0 });
  }
  const problems = [
    ...w.findings.xss.map((x) => `__xss called: ${x}`),
    ...w.findings.foreign.map((x) => `request to another host: ${x}`),
    ...w.findings.dialogs.map((x) => `dialog: ${x}`),
    ...w.findings.errors.map((x) => `uncaught error: ${x}`),
    ...dom.map((x) => `markup: ${x}`),
  ];
  // a rule of 100000em or a 3,000-character word must not stretch the page or a pane of it
  if (size.width > 4 * 1280 || size.height > 100_000)
    problems.push(`page is ${size.width}x${size.height} px`);
  for (const el of size.wide) problems.push(`wider than 4 viewports: ${el}`);
  expect(links.hovered).toBeGreaterThan(0);
  return { page, problems };
}

/** The newest announcement of the home page, folded until clicked. */
const HOME_ANNOUNCEMENT = 'details[data-testid^="announcement-"] summary';
const EVIL_HOME = `/user-home?username=${encodeURIComponent(TINY.username)}`;
const PTITLE = visibleLine('HX-ptitle');
const CTITLE = visibleLine('HX-ctitle');
const STATEMENT = [PTITLE, 'HX-desc-end', 'HX-input-end', 'HX-output-end', 'HX-hint-end', 'HX-sample-in'];
const DISCUSSION = [visibleLine('HX-dtitle'), 'HX-dcontent-end', 'HX-dcomment-end', 'HX-rcomment-end'];

/** Pages by path; {problemId}, {pid}, {cid}, {privateCid}, {did}, {gid}, {tid} and {site} stand for what the seed made. */
const VISITS: Visit[] = [
  // what a visitor reads
  { who: 'visitor', path: '/problem/{problemId}', shows: [...STATEMENT, 'HX-source'], shot: 'problem-en' },
  { who: 'visitor', path: '/problem/{problemId}', lang: 'zh-CN', shows: STATEMENT, shot: 'problem-zh' },
  { who: 'visitor', path: '/problem', shows: [PTITLE] },
  { who: 'visitor', path: '/', open: HOME_ANNOUNCEMENT, shows: ['HX-announce-end'], shot: 'home-en' },
  { who: 'visitor', path: '/', lang: 'zh-CN', open: HOME_ANNOUNCEMENT, shows: ['HX-announce-end'] },
  { who: 'visitor', path: '/contest', shows: [CTITLE] },
  {
    who: 'visitor',
    path: '/{site}',
    shows: [visibleLine('HX-subheading'), visibleLine('HX-sponsor'), visibleLine('HX-organizer')],
    shot: 'contest-site',
  },
  { who: 'visitor', path: '/discussion', shows: [visibleLine('HX-dtitle'), TINY.username] },
  { who: 'visitor', path: '/discussion-detail/{did}', shows: DISCUSSION, shot: 'discussion-en' },
  { who: 'visitor', path: '/discussion-detail/{did}', lang: 'zh-CN', shows: DISCUSSION },
  { who: 'visitor', path: '/group', shows: [TINY.groupName, visibleLine('HX-gbrief')] },
  { who: 'visitor', path: '/group/{gid}', shows: [TINY.groupName, 'HX-gdesc-end'] },
  { who: 'visitor', path: '/training', shows: [visibleLine('HX-ttitle')] },
  { who: 'visitor', path: '/training/{tid}', shows: [visibleLine('HX-ttitle'), 'HX-tdesc-end'] },
  { who: 'visitor', path: '/training/{tid}/problems', shows: [PTITLE] },
  {
    who: 'visitor',
    path: EVIL_HOME,
    shows: [TINY.username, TINY.nickname, visibleLine('HX-school'), visibleLine('HX-signature')],
    shot: 'user-home',
  },
  { who: 'visitor', path: EVIL_HOME, lang: 'zh-CN', shows: [TINY.username, visibleLine('HX-signature')] },
  // what the hostile user sees of their own and the contest's texts (a contest needs a login)
  { who: 'evil', path: '/contest/{cid}', shows: [CTITLE, 'HX-cdesc-end'], shot: 'contest-en' },
  { who: 'evil', path: '/contest/{cid}', lang: 'zh-CN', shows: [CTITLE, 'HX-cdesc-end'] },
  {
    who: 'evil',
    path: '/contest/{privateCid}',
    shows: [visibleLine('HX-informed-title'), 'HX-informed-end'],
  },
  { who: 'evil', path: '/contest/{cid}/problems', shows: [visibleLine('HX-display-title')] },
  { who: 'evil', path: '/contest/{cid}/problem/A', shows: ['HX-desc-end', 'HX-hint-end'] },
  {
    who: 'evil',
    path: '/contest/{cid}/announcements',
    open: '[data-testid^="contest-announcement-open-"]',
    shows: ['HX-cannounce-end'],
  },
  {
    who: 'evil',
    path: '/contest/{cid}/comment',
    shows: ['HX-ccomment-end', 'HX-creply-end'],
    shot: 'contest-comment',
  },
  {
    who: 'evil',
    path: '/contest/{cid}/clarifications',
    shows: ['HX-clar-ask', visibleLine('HX-clar-answer'), visibleLine('HX-clar-send')],
  },
  {
    who: 'evil',
    path: '/contest/{cid}/rank',
    shows: [TINY.username],
    has: ['[data-testid=board-balloon]', '[data-testid=board-award]'],
    shot: 'contest-rank',
  },
  { who: 'evil', path: '/contest/{cid}/rank', lang: 'zh-CN', shows: [TINY.username] },
  { who: 'evil', path: '/message/sys', shows: ['HX-notice-end'] },
  { who: 'evil', path: '/message/sys', lang: 'zh-CN', shows: ['HX-notice-end'] },
  // the message centre shows the start of a comment or reply (an excerpt), as plain text
  { who: 'evil', path: '/message/reply', shows: ['HX-dreply'] },
  { who: 'evil', path: '/message/comment', shows: ['HX-rcomment'] },
  { who: 'evil', path: '/discussion-detail/{did}', shows: DISCUSSION },
  {
    who: 'evil',
    path: '/group/{gid}/announcement',
    open: '[data-testid^="group-announcement-"] details summary',
    shows: ['HX-gannounce-end'],
  },
  { who: 'evil', path: '/group/{gid}/member', shows: [TINY.username] },
  // the console and the jury, as root
  { who: 'root', path: '/admin/problem', shows: [PTITLE] },
  { who: 'root', path: '/admin/problem', lang: 'zh-CN', shows: [PTITLE] },
  { who: 'root', path: '/admin/problem/{pid}/edit', shows: [] },
  { who: 'root', path: '/admin/contest', shows: [CTITLE] },
  { who: 'root', path: '/admin/contest/{cid}/problem', shows: [PTITLE] },
  { who: 'root', path: '/admin/contest/{cid}/announcement', shows: [visibleLine('HX-cannounce-title')] },
  { who: 'root', path: '/admin/announcement', shows: [visibleLine('HX-announce-title')] },
  { who: 'root', path: '/admin/notice', shows: [visibleLine('HX-notice-title')] },
  { who: 'root', path: '/admin/user', shows: [TINY.username], shot: 'admin-users' },
  { who: 'root', path: '/admin/user', lang: 'zh-CN', shows: [TINY.username] },
  { who: 'root', path: '/admin/group', shows: [TINY.groupName] },
  { who: 'root', path: '/admin/discussion', shows: [visibleLine('HX-dtitle')] },
  { who: 'root', path: '/admin/training', shows: [visibleLine('HX-ttitle')] },
  { who: 'root', path: '/message/reply', shows: ['HX-ereply'] },
  { who: 'root', path: '/contest/{cid}/clarifications', shows: ['HX-clar-ask'] },
  { who: 'root', path: '/contest/{cid}/comment', shows: ['HX-ccomment-end'] },
];

function pathOf(template: string): string {
  const ids: Record<string, string | number> = {
    problemId: site.problemId,
    pid: site.pid,
    cid: site.cid,
    privateCid: site.privateCid,
    did: site.did,
    gid: site.gid,
    tid: site.tid,
    site: site.contestSite,
  };
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(ids[key]));
}

describe('the detector', () => {
  it('records a handler, a followed script link, a request elsewhere, a dialog and hostile markup', async () => {
    const w = await watchedPage(browser, server.url, null);
    await w.page.goto(url('/problem', 'en-US'), { waitUntil: 'domcontentloaded' });
    await waitForTexts(w.page, [visibleLine('HX-ptitle')]);
    await w.page.evaluate((host) => {
      const box = document.createElement('div');
      box.innerHTML = `<img src=x onerror="__xss('control-img')"><a href="javascript:__xss('control-link')">c</a>`;
      document.body.append(box);
      void fetch(`http://${host}/control`).catch(() => undefined);
      setTimeout(() => alert('control-dialog'), 0);
    }, EVIL_HOST);
    await w.page.waitForFunction(() => document.querySelector('img[src=x]')?.getAttribute('src') === 'x');
    await new Promise((r) => setTimeout(r, 300));
    await exerciseLinks(w.page);
    await w.page.waitForFunction(() => true);
    await new Promise((r) => setTimeout(r, 300));
    const dom = await scanDom(w.page);
    expect(w.findings.xss.map((x) => x.split(' ')[0])).toEqual(
      expect.arrayContaining(['control-img', 'control-link']),
    );
    expect(w.findings.foreign.some((x) => x.includes(`${EVIL_HOST}/control`))).toBe(true);
    expect(w.findings.dialogs.some((x) => x.includes('control-dialog'))).toBe(true);
    expect(dom.some((x) => x.includes('handler onerror'))).toBe(true);
    expect(dom.some((x) => x.includes('script URL'))).toBe(true);
    await w.context.close();
  });
});

describe('writing the corpus through the API', () => {
  it('takes every field as typed and refuses script links in the profile', () => {
    expect(PAYLOAD_COUNT).toBeGreaterThan(60);
    // the rules allow angle brackets in a username: the name is stored and shown as text
    expect(site.evil.userInfo.username).toBe(TINY.username);
    expect(site.evil.userInfo.nickname).toBe(TINY.nickname);
    // the profile's links must be http(s): the refusal is the protection
    expect(site.refused.github).toMatch(/http/i);
    expect(site.refused.blog).toMatch(/http/i);
    // so are names with direction controls, which could pass for someone else's
    expect(site.refused.username).toContain('direction of text');
    expect(site.refused.nickname).toContain('direction of text');
  });
});

describe('every page that shows hostile text', () => {
  it.each(VISITS.map((v) => [`${v.who} ${v.path.split('?')[0]} ${v.lang ?? 'en-US'}`, v] as const))(
    '%s',
    async (_name, v) => {
      const { problems } = await visit(v);
      expect(problems).toEqual([]);
    },
  );
});

/** The <head> of a first load as the browser parses it, before any script runs. */
async function headOf(page: Page, path: string) {
  const html = await (await fetch(url(path, 'en-US'))).text();
  return page.evaluate((source: string) => {
    const doc = new DOMParser().parseFromString(source, 'text/html');
    // the build's own files named by the head differ by page: the scripts named for early download,
    // and the style sheets the server's markup needs (KaTeX's, for math in a statement)
    const own = (el: Element) =>
      el instanceof HTMLLinkElement &&
      /preload|stylesheet/.test(el.rel) &&
      !!el.getAttribute('href')?.startsWith('/assets/');
    // what the server drew inside the root (the frame, the screen): no element that runs anything
    const runs = (el: Element) =>
      ['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'BASE', 'META'].includes(el.tagName) ||
      [...el.attributes].some(
        (a) => /^on/i.test(a.name) || /^\s*javascript:/i.test(a.value) || a.name === 'srcdoc',
      );
    const root = doc.getElementById('root');
    return {
      tags: [...doc.head.children].filter((el) => !own(el)).map((el) => el.tagName.toLowerCase()),
      bodyTags: [...doc.body.querySelectorAll('*')]
        .filter((el) => !root?.contains(el))
        .map((el) => el.tagName.toLowerCase()),
      running: [...(root?.querySelectorAll('*') ?? [])].filter(runs).map((el) => el.outerHTML),
      rootText: root?.textContent ?? '',
      title: doc.title,
      description: doc.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
    };
  }, html);
}

describe("a first load's title and description (rendered on the server)", () => {
  // as a browser reads a <title>: ASCII whitespace collapsed and stripped, nothing else
  const expected = (title: string, markdown: string) => ({
    title: `${title.replace(/[\t\n\f\r ]+/g, ' ').replace(/^ | $/g, '')} - Verdict`,
    description: firstSentence(markdownPlainText(markdown), WEB_DELIVERY.descriptionMaxChars),
  });

  it('escapes a problem title and statement into the head, and the app keeps them as text', async () => {
    const { page } = await pageFor('visitor');
    const plain = await headOf(page, '/problem');
    const head = await headOf(page, `/problem/${site.problemId}`);
    const stored = (await site.root.client.api.getProblemDetail(site.problemId)).problem;
    const want = expected(stored.title, stored.description ?? '');
    // the same elements as any page: nothing the title or statement carried became a tag
    expect(head.tags).toEqual(plain.tags);
    expect(head.bodyTags).toEqual(plain.bodyTags);
    expect({ title: head.title, description: head.description }).toEqual(want);
    expect(head.title).toContain(`"><img src=x onerror=__xss('line-attr')>`);
    // the statement the server drew is there as text, and nothing in it runs (on a busy machine the
    // first data may come later than the server waits: the page is then drawn again with it)
    let drawn = head;
    await expect
      .poll(
        async () => {
          drawn = await headOf(page, `/problem/${site.problemId}`);
          return drawn.rootText;
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toContain('HX-desc-end');
    expect(drawn.running).toEqual([]);

    // after the app has loaded: the tab title, and the statement's data for tools, as typed
    await page.goto(url(`/problem/${site.problemId}`, 'en-US'), { waitUntil: 'domcontentloaded' });
    await waitForTexts(page, ['HX-desc-end']);
    await page.waitForFunction((t: string) => document.title === t, { timeout: 10_000 }, want.title);
    // the statement and the title come with the page: the block for tools is the app's own
    await page.waitForSelector('script#problem-meta', { timeout: 15_000 });
    const meta = await page.$eval('script#problem-meta', (el) => JSON.parse(el.textContent ?? '{}'));
    expect(meta.name).toBe(stored.title);
    expect(meta.tests[0].input).toBe(site.text.sampleIn);
  });

  it('escapes a discussion title and text into the head', async () => {
    const { page } = await pageFor('visitor');
    const plain = await headOf(page, '/discussion');
    const head = await headOf(page, `/discussion-detail/${site.did}`);
    expect(head.tags).toEqual(plain.tags);
    expect(head.bodyTags).toEqual(plain.bodyTags);
    const stored = await site.root.client.api.getDiscussionDetail(site.did);
    expect({ title: head.title, description: head.description }).toEqual(
      expected(stored.title, stored.description ?? ''),
    );
    expect(head.title).toContain(`"><img src=x onerror=__xss('line-attr')>`);
  });
});

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, KeyInput, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { createUser } from '../../server/services/auth/users';
import type { CaptchaImage } from '../../shared/api/account-types';
import type { ApiEnvelope } from '../../shared/api/types';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { SUBMIT_CAPTCHA } from '../../shared/constants/limits';
import { solveCaptcha } from '../helpers/accounts';
import { testClient, waitForVerdict } from '../helpers/api';
import { startTestServer, type TestServer } from '../helpers/server';
import { launch, requireWebBuild } from './chromium';
import { activateEditor, photograph, signIn, waitForText } from './pages';

/**
 * The editor side of the problem page and the submission screens in Chromium: online
 * test, shortcuts, last accepted code, focus mode, reset, Copy and Share, the wrong-case download.
 */
const SHOTS = '/tmp/shots';
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };
/** one line: no auto-indent or auto-closed brackets can change it while typing */
const AC_PY = 'print(sum(map(int, input().split())))';
/** right on case 1 (1 2), wrong from case 2 (-5 3) */
const WA_PY = 'print(sum(map(int, input().split())) % 2147483648)';

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let base: string;
let downloads: string;

beforeAll(async () => {
  requireWebBuild();
  mkdirSync(SHOTS, { recursive: true });
  downloads = mkdtempSync(join(tmpdir(), 'verdict-downloads-'));
  server = await startTestServer();
  base = server.url;
  await createUser(server.server.ctx.db, { username: 'alice', password: 'alice123' });
  await createUser(server.server.ctx.db, { username: 'bob', password: 'bob12345' });
  // submits nowhere else: the captcha test counts on a user with no recent submissions
  await createUser(server.server.ctx.db, { username: 'carol', password: 'carol123' });
  const root = testClient(base);
  await root.login('root', server.rootPassword);
  // the 8 s interval between submits would only slow these screens down
  await root.api.adminUpdateSwitches({ defaultSubmitInterval: 0 });
  ({ browser, close: closeBrowser } = await launch());
});

afterAll(async () => {
  await closeBrowser?.();
  await server?.destroy();
  rmSync(downloads, { recursive: true, force: true });
});

/** A page in a fresh browser context, logged in as `user` (token and user info as the app keeps them). */
const PASSWORDS = { alice: 'alice123', bob: 'bob12345', carol: 'carol123' } as const;

async function open(
  path: string,
  user: keyof typeof PASSWORDS | 'root' | null,
  viewport = DESKTOP,
): Promise<Page> {
  const context = await browser.createBrowserContext({
    downloadBehavior: { policy: 'allow', downloadPath: downloads },
  });
  await context.overridePermissions(base, ['clipboard-read', 'clipboard-sanitized-write']);
  const page = await context.newPage();
  await page.setViewport(viewport);
  if (user) {
    const password = user === 'root' ? server.rootPassword : PASSWORDS[user];
    await signIn(page, base, { username: user, password });
  }
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle0' });
  return page;
}

const text = (page: Page, selector: string) =>
  page.$eval(selector, (el) => (el as HTMLElement).innerText.trim());

async function shot(page: Page, name: string) {
  await photograph(page, `workspace-${name}`, { settleMs: 300 });
}

async function waitForToast(page: Page, message: string) {
  await page.waitForFunction(
    (m) => [...document.querySelectorAll('[data-sonner-toast]')].some((t) => t.textContent?.includes(m)),
    { timeout: 15_000 },
    message,
  );
}

async function editorText(page: Page) {
  await activateEditor(page);
  return text(page, '[data-testid=editor] .cm-content');
}

async function chooseLanguage(page: Page, language: string) {
  // the problem has loaded: Submit is enabled
  await page.waitForSelector('[data-testid=submit]:not([disabled])');
  await page.click('[data-testid=language-select]');
  await page.waitForSelector(`[data-testid="language-option-${language}"]`);
  await page.click(`[data-testid="language-option-${language}"]`);
  await page.waitForFunction(
    (l) => document.querySelector('[data-testid=language-select]')?.textContent?.includes(l),
    {},
    language,
  );
  await settled(page);
}

/** A closing list or dialog keeps the page from taking clicks until it is gone. */
async function settled(page: Page) {
  await page.waitForFunction(
    () =>
      !document.querySelector('[role=listbox], [role=dialog]') &&
      getComputedStyle(document.body).pointerEvents !== 'none',
  );
}

async function replaceCode(page: Page, code: string) {
  await activateEditor(page);
  await page.click('[data-testid=editor] .cm-content');
  await page.waitForFunction(() => document.activeElement?.classList.contains('cm-content'));
  await page.keyboard.down('Control');
  await page.keyboard.press('a');
  await page.keyboard.up('Control');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(code);
  expect(await editorText(page)).toBe(code);
}

async function withCtrl(page: Page, key: KeyInput) {
  await page.keyboard.down('Control');
  await page.keyboard.press(key);
  await page.keyboard.up('Control');
}

async function setField(page: Page, selector: string, value: string) {
  await page.click(selector, { count: 3 });
  await page.keyboard.down('Control');
  await page.keyboard.press('a');
  await page.keyboard.up('Control');
  await page.keyboard.press('Backspace');
  if (value) await page.type(selector, value);
}

/** Submits what the editor holds with Ctrl+Enter and waits for the verdict in the status tag. */
async function submitAndWait(page: Page, verdict: string): Promise<number> {
  await page.click('[data-testid=editor] .cm-content');
  await withCtrl(page, 'Enter');
  await page.waitForSelector('[data-testid=status-link]', { timeout: 30_000 });
  await waitForText(page, '[data-testid=status-tag]', verdict, 90_000);
  const href = await page.$eval('[data-testid=status-link]', (a) => a.getAttribute('href') ?? '');
  return Number(href.split('/').pop());
}

function unzip(file: string): Promise<Record<string, string>> {
  return new Promise((res, rej) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return rej(err);
      const out: Record<string, string> = {};
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return rej(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out[entry.fileName] = Buffer.concat(chunks).toString('utf8');
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => res(out));
      zip.readEntry();
    });
  });
}

describe('problem page editor', () => {
  it("runs the code on custom input (zh-CN): the drawer shows the output; Ctrl+' runs again with an expected output", async () => {
    const page = await open('/problem/1000?l=zh-cn', 'alice');
    await chooseLanguage(page, 'Python3');
    await replaceCode(page, AC_PY);
    await page.click('[data-testid=test-toggle]');
    await page.waitForSelector('[data-testid=test-drawer]');
    expect(await text(page, '[data-testid=test-tab-case]')).toBe('测试用例');
    // prefilled with the first sample
    expect(await page.$eval('[data-testid=test-input]', (el) => (el as HTMLTextAreaElement).value)).toBe(
      '1 2',
    );
    await setField(page, '[data-testid=test-input]', '20 22');
    await page.click('[data-testid=test-run]');
    await page.waitForSelector('[data-testid=test-result]', { timeout: 60_000 });
    expect(await text(page, '[data-testid=test-output]')).toBe('42');
    expect(await text(page, '[data-testid=test-status]')).toBe('答案正确');
    expect(await text(page, '[data-testid=test-comparison]')).toBe('运行成功（没有可比较的期望输出）。');
    await shot(page, 'test-run-zh');

    // an expected output that differs, and Ctrl+' from inside the editor
    await page.click('[data-testid=test-tab-case]');
    await setField(page, '[data-testid=test-expected]', '41');
    await page.click('[data-testid=editor] .cm-content');
    await withCtrl(page, "'");
    await waitForText(page, '[data-testid=test-comparison]', '输出与期望输出不一致。', 60_000);
    expect(await text(page, '[data-testid=test-status]')).toBe('答案错误');
    expect(await text(page, '[data-testid=test-expected-output]')).toBe('41');
    expect(await text(page, '[data-testid=test-output]')).toBe('42');
    await shot(page, 'test-run-wa-zh');
    await page.browserContext().close();
  });

  it('refuses the last accepted code before a pass, loads it after an accepted submit (en-US); reset asks first', async () => {
    const page = await open('/problem/1000?l=en', 'bob');
    await chooseLanguage(page, 'Python3');
    const template = await editorText(page);
    await page.click('[data-testid=last-ac-code]');
    await waitForToast(page, "You haven't passed the problem so you cannot get the code passed recently");

    await replaceCode(page, AC_PY);
    const submitId = await submitAndWait(page, 'Accepted');
    expect(submitId).toBeGreaterThan(0);

    // reset asks for confirmation; Cancel keeps the code, Reset puts the template back
    await page.click('[data-testid=reset-code]');
    await page.waitForSelector('[data-testid=reset-confirm]');
    expect(await text(page, '[data-testid=reset-confirm]')).toContain("this language's template");
    await page.click('[data-testid=confirm-cancel]');
    await page.waitForSelector('[data-testid=reset-confirm]', { hidden: true });
    await settled(page);
    expect(await editorText(page)).toBe(AC_PY);
    await page.click('[data-testid=reset-code]');
    await page.waitForSelector('[data-testid=confirm-ok]');
    await page.click('[data-testid=confirm-ok]');
    await page.waitForFunction(
      (t) => document.querySelector('[data-testid=editor] .cm-content')?.textContent === t.replace(/\n/g, ''),
      {},
      template,
    );
    await settled(page);

    // now passed: the last accepted code comes back
    await page.click('[data-testid=last-ac-code]');
    await waitForToast(page, `Loaded the code of submission ${submitId} (Python3).`);
    await page.waitForFunction(
      (c) => document.querySelector('[data-testid=editor] .cm-content')?.textContent === c,
      {},
      AC_PY,
    );
    await page.browserContext().close();
  });

  it('focus mode fills the window and Esc leaves it; a draft survives a reload', async () => {
    const page = await open('/problem/1000?l=en', 'alice');
    await chooseLanguage(page, 'Python3');
    await replaceCode(page, 'print(1)');
    await page.click('[data-testid=focus-mode]');
    await page.waitForSelector('[data-testid=code-panel][data-focus]');
    const box = await page.$eval('[data-testid=code-panel]', (el) => {
      const r = el.getBoundingClientRect();
      return [r.top, r.left, r.width, r.height];
    });
    expect(box).toEqual([0, 0, DESKTOP.width, DESKTOP.height]);
    await shot(page, 'focus-mode');
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=code-panel]:not([data-focus])');

    await new Promise((r) => setTimeout(r, 500)); // the draft is saved 300 ms after the last key
    await page.reload({ waitUntil: 'networkidle0' });
    // before CodeMirror loads the plain editor shows the draft too
    expect(await page.$eval('[data-testid=plain-editor]', (el) => (el as HTMLTextAreaElement).value)).toBe(
      'print(1)',
    );
    await activateEditor(page);
    await page.waitForFunction(
      () => document.querySelector('[data-testid=editor] .cm-content')?.textContent === 'print(1)',
    );
    await page.browserContext().close();
  });

  it('on a phone the test drawer and Submit fit the screen', async () => {
    const page = await open('/problem/1000?l=zh-cn', 'alice', PHONE);
    await activateEditor(page);
    await page.click('[data-testid=test-toggle]');
    await page.waitForSelector('[data-testid=test-drawer]');
    await page.$eval('[data-testid=code-panel]', (el) => el.scrollIntoView());
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'editor-phone-zh');
    await page.browserContext().close();
  });
});

describe('submission detail', () => {
  let waId: number;

  beforeAll(async () => {
    const alice = testClient(base);
    await alice.login('alice', 'alice123');
    waId = (await alice.api.submitProblemJudge({ pid: '1000', language: 'Python3', code: WA_PY })).submitId;
    expect((await waitForVerdict(alice, waId)).status).toBe(-1);
  });

  it('copies and shares the code (en-US); after sharing another user sees it', async () => {
    const page = await open(`/submission-detail/${waId}?l=en`, 'alice');
    await page.waitForSelector('[data-testid=code-view] .cm-content');
    await page.click('[data-testid=copy-code]');
    await waitForToast(page, 'Copied successfully');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(WA_PY);

    const bobBefore = await open(`/submission-detail/${waId}?l=en`, 'bob');
    await bobBefore.waitForSelector('[data-testid=status-banner]');
    expect(await bobBefore.$('[data-testid=code-view]')).toBeNull();
    expect(await bobBefore.$('[data-testid=wrong-case-card]')).toBeNull();
    expect(await bobBefore.$('[data-testid=share-code]')).toBeNull();
    await bobBefore.browserContext().close();

    expect(await text(page, '[data-testid=share-code]')).toBe('Share');
    await page.click('[data-testid=share-code]');
    await waitForToast(page, 'Shared successfully');
    await waitForText(page, '[data-testid=share-code]', 'Cancel sharing', 10_000);
    await page.waitForSelector('[data-testid=shared-badge]');
    await shot(page, 'detail-shared-en');

    const bob = await open(`/submission-detail/${waId}?l=en`, 'bob');
    await bob.waitForSelector('[data-testid=code-view] .cm-content');
    expect(await text(bob, '[data-testid=code-view] .cm-content')).toBe(WA_PY);
    expect(await bob.$('[data-testid=share-code]')).toBeNull();
    await bob.browserContext().close();

    await page.click('[data-testid=share-code]');
    await waitForToast(page, 'Cancel Sharing Successfully');
    await page.browserContext().close();
  });

  it('downloads the wrong case after a confirmation that it uses one of the day’s downloads (zh-CN)', async () => {
    const page = await open(`/submission-detail/${waId}?l=zh-cn`, 'alice');
    await page.waitForSelector('[data-testid=wrong-case-remaining]');
    expect(await text(page, '[data-testid=wrong-case-remaining]')).toBe('今日剩余 2/2 次下载');
    expect(await text(page, '[data-testid=wrong-case-text]')).toContain('#2');

    await page.click('[data-testid=wrong-case-download]');
    await page.waitForSelector('[data-testid=wrong-case-confirm]');
    expect(await text(page, '[data-testid=wrong-case-confirm]')).toContain('本次下载将消耗一次每日下载机会');
    await shot(page, 'wrong-case-confirm-zh');
    // Cancel downloads nothing
    await page.click('[data-testid=confirm-cancel]');
    await page.waitForSelector('[data-testid=wrong-case-confirm]', { hidden: true });
    expect(await text(page, '[data-testid=wrong-case-remaining]')).toBe('今日剩余 2/2 次下载');

    await page.click('[data-testid=wrong-case-download]');
    await page.waitForSelector('[data-testid=confirm-ok]');
    await page.click('[data-testid=confirm-ok]');
    await waitForToast(page, '下载成功');
    await waitForText(page, '[data-testid=wrong-case-remaining]', '今日剩余 1/2 次下载', 10_000);
    const deadline = Date.now() + 10_000;
    let files: string[] = [];
    while (Date.now() < deadline) {
      files = readdirSync(downloads).filter((f) => f.endsWith('.zip'));
      if (files.length) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(files).toEqual([`submission-${waId}-case-2.zip`]);
    expect(readFileSync(join(downloads, files[0])).subarray(0, 2).toString()).toBe('PK');
    expect(await unzip(join(downloads, files[0]))).toEqual({ '2.in': '-5 3\n', '2.out': '-2\n' });
    await shot(page, 'wrong-case-zh');

    // the last one, then the card says they are used up
    await page.click('[data-testid=wrong-case-download]');
    await page.click('[data-testid=confirm-ok]');
    await waitForText(page, '[data-testid=wrong-case-text]', '今天（UTC）的 2 次下载已用完', 10_000);
    expect(
      await page.$eval('[data-testid=wrong-case-download]', (b) => (b as HTMLButtonElement).disabled),
    ).toBe(true);

    await page.setViewport(PHONE);
    await page.reload({ waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid=wrong-case-card]');
    await shot(page, 'detail-phone-zh');
    await page.browserContext().close();
  });
});

describe('resubmit', () => {
  it('offers the owner of a failed judgement the refresh icon; it resubmits and the verdict comes (zh-CN)', async () => {
    const db = server.server.ctx.db;
    const problem = await db.kysely
      .selectFrom('problem')
      .select('id')
      .where('problem_id', '=', '1000')
      .executeTakeFirstOrThrow();
    const alice = await db.kysely
      .selectFrom('user_info')
      .select('uuid')
      .where('username', '=', 'alice')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const row = await db.kysely
      .insertInto('judge')
      .values({
        pid: problem.id,
        display_pid: '1000',
        uid: alice.uuid,
        username: 'alice',
        submit_time: now,
        status: JudgeStatus.SUBMITTED_FAILED,
        share: 0,
        length: AC_PY.length,
        code: AC_PY,
        language: 'Python3',
        cid: 0,
        cpid: 0,
        is_manual: 0,
        attempt: 1,
        gmt_modified: now,
      })
      .returning('submit_id')
      .executeTakeFirstOrThrow();

    const other = await open(`/submission-detail/${row.submit_id}?l=zh-cn`, 'bob');
    await other.waitForSelector('[data-testid=status-banner]');
    expect(await other.$('[data-testid=resubmit]')).toBeNull();
    await other.browserContext().close();

    const page = await open(`/submission-detail/${row.submit_id}?l=zh-cn`, 'alice');
    await page.waitForSelector('[data-testid=resubmit]');
    await page.click('[data-testid=resubmit]');
    await waitForToast(page, '重新提交成功');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=detail-status]')?.textContent?.includes('答案正确'),
      { timeout: 60_000 },
    );
    expect(await page.$('[data-testid=resubmit]')).toBeNull();
    await page.browserContext().close();
  });
});

describe('submission list', () => {
  it('shows Rejudge to the super admin only; it puts the row back in the queue', async () => {
    const alice = await open('/status?l=en', 'alice');
    await alice.waitForSelector('[data-testid=submission-row]');
    expect(await alice.$('[data-testid=rejudge]')).toBeNull();
    // own rows are highlighted
    expect(
      await alice.$$eval('[data-testid=submission-row][data-mine]', (rows) => rows.length),
    ).toBeGreaterThan(0);
    await alice.browserContext().close();

    const root = await open('/status?l=en&problemID=1000&completeProblemID=true&limit=10', 'root');
    await root.waitForSelector('[data-testid=rejudge]');
    expect(await text(root, 'thead')).toContain('Option');
    await root.click('[data-testid=rejudge]');
    await waitForToast(root, 'Rejudge successfully');
    await shot(root, 'status-root-en');
    await root.browserContext().close();
  });
});

describe('submit captcha', () => {
  it('shows the captcha above Submit once the server asks for one; click for a new one; a solved one submits', async () => {
    const carol = testClient(base);
    await carol.login('carol', 'carol123');
    for (let i = 0; i < SUBMIT_CAPTCHA.free; i++) {
      await carol.api.submitProblemJudge({ pid: '1000', language: 'Python3', code: AC_PY });
    }
    const page = await open('/problem/1000?l=en', 'carol');
    const keys: string[] = [];
    page.on('response', async (res) => {
      if (!res.url().includes('/api/captcha')) return;
      const body = (await res.json()) as ApiEnvelope<CaptchaImage>;
      keys.push(body.data.captchaKey);
    });
    await chooseLanguage(page, 'Python3');
    await replaceCode(page, AC_PY);
    expect(await page.$('[data-testid=submit-captcha]')).toBeNull();
    await page.click('[data-testid=submit]');
    await waitForToast(page, 'You are submitting very often: please enter the captcha to submit.');
    await page.waitForSelector('[data-testid=submit-captcha-image] img');
    const captchas = async (n: number) => {
      const deadline = Date.now() + 5000;
      while (keys.length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(keys.length).toBe(n);
    };
    await captchas(1);
    // a click gives a new image
    await page.click('[data-testid=submit-captcha-image]');
    await captchas(2);
    await page.waitForSelector('[data-testid=submit-captcha-image] img');
    await page.type('[data-testid=submit-captcha-input]', await solveCaptcha(server, keys[1]));
    await shot(page, 'captcha-en');
    await page.click('[data-testid=submit]');
    await page.waitForSelector('[data-testid=status-link]', { timeout: 30_000 });
    await waitForText(page, '[data-testid=status-tag]', 'Accepted', 90_000);
    await page.browserContext().close();
  });
});

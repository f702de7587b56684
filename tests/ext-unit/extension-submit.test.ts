import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { loginPersistence } from '@/entrypoints/lib/auth';
import { guessLanguage } from '@/entrypoints/lib/language-guess';
import { problemFromUrl, submissionUrl } from '@/entrypoints/lib/links';
import { parsePinInput } from '@/entrypoints/lib/problem';
import { quickSubmit } from '@/entrypoints/lib/quick-submit';
import { languageItem, serverUrlItem } from '@/entrypoints/lib/settings';
import { siteLoginAction } from '@/entrypoints/lib/site-login';
import { recentItem, watchedItem } from '@/entrypoints/lib/state';
import { SUBMIT_GUARD_MS, submitKey, takeSubmitKey } from '@/entrypoints/lib/submit-guard';
import { fakeServer, ok, USER } from './fake-server';

const SERVER = 'http://127.0.0.1:9999';
const ALL = ['C', 'C++', 'C++ 20', 'Java', 'Python3', 'Python2', 'Rust', 'JavaScript (Node)'];
const CPP = '#include <bits/stdc++.h>\nint main(){int a,b;std::cin>>a>>b;std::cout<<a+b;}';

const submission = (submitId: number, extra: Record<string, unknown> = {}) => ({
  submitId,
  pid: 1,
  displayPid: '1000',
  displayId: null,
  title: 'A+B Problem',
  uid: '1',
  username: 'root',
  submitTime: new Date().toISOString(),
  status: 5,
  share: false,
  time: null,
  memory: null,
  score: null,
  oiRankScore: null,
  length: 10,
  code: CPP,
  errorMessage: null,
  language: 'C++',
  cid: 0,
  cpid: 0,
  gid: null,
  judger: null,
  isManual: false,
  ...extra,
});

beforeEach(async () => {
  fakeBrowser.reset();
  await serverUrlItem.setValue(SERVER);
  await languageItem.setValue('en-US');
  await loginPersistence.save({ token: 'tok-1', userInfo: USER });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('guessLanguage', () => {
  it.each([
    [CPP, 'C++'],
    ['#include <iostream>\nusing namespace std;\nint main(){}', 'C++'],
    ['#include <stdio.h>\nint main(){int a,b;scanf("%d%d",&a,&b);printf("%d",a+b);}', 'C'],
    ['import java.util.*;\npublic class Main { public static void main(String[] a) {} }', 'Java'],
    ['class Main { static void main(String[] args) {} }', 'Java'],
    ['a, b = map(int, input().split())\nprint(a + b)', 'Python3'],
    ['def solve():\n    return 1\n', 'Python3'],
    ['fn main() { println!("{}", 1); }', 'Rust'],
    ['const lines = require("fs").readFileSync(0, "utf8");\nconsole.log(lines)', 'JavaScript (Node)'],
  ])('%#: → %s', (code, language) => {
    expect(guessLanguage(code, ALL)).toBe(language);
  });

  it('only among the languages the problem allows; null when nothing fits', () => {
    expect(guessLanguage(CPP, ['C', 'Java'])).toBe('C');
    expect(guessLanguage('print(1)', ['C++', 'Java'])).toBeNull();
    expect(guessLanguage('hello world', ALL)).toBeNull();
  });
});

describe('submit key', () => {
  const parts = { cid: null, problemId: '1000', language: 'C++', code: CPP };

  it('is a hash of problem, language and code', async () => {
    const key = await submitKey(parts);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(await submitKey({ ...parts })).toBe(key);
    expect(await submitKey({ ...parts, language: 'C++ 20' })).not.toBe(key);
    expect(await submitKey({ ...parts, problemId: '1001' })).not.toBe(key);
    expect(await submitKey({ ...parts, cid: 3 })).not.toBe(key);
    expect(await submitKey({ ...parts, code: `${CPP} ` })).not.toBe(key);
  });

  it('refuses the same key within the window, allows it after', () => {
    const first = takeSubmitKey({}, 'k', 1000);
    expect(first.allowed).toBe(true);
    expect(takeSubmitKey(first.record, 'k', 1000 + SUBMIT_GUARD_MS - 1).allowed).toBe(false);
    expect(takeSubmitKey(first.record, 'other', 1001).allowed).toBe(true);
    const later = takeSubmitKey(first.record, 'k', 1000 + SUBMIT_GUARD_MS);
    expect(later.allowed).toBe(true);
  });
});

describe('quickSubmit', () => {
  const request = { problemId: '1000', cid: null, language: 'C++', code: CPP, title: 'A+B Problem' };

  it('submits, watches the verdict and lists the submission', async () => {
    const { calls } = fakeServer({ '/api/submit-problem-judge': [ok(submission(41))] });
    const result = await quickSubmit(request, 1_000_000);
    expect(result).toEqual({ ok: true, submitId: 41, url: `${SERVER}/submission-detail/41` });
    const sent = calls[0];
    expect(sent.method).toBe('POST');
    expect(sent.headers.Authorization).toBe('tok-1');
    expect(await watchedItem.getValue()).toMatchObject([{ submitId: 41, cid: 0, problemLabel: '1000' }]);
    expect((await recentItem.getValue())?.items[0]).toMatchObject({ submitId: 41, status: 5 });
  });

  it('a contest problem is submitted with cid and its display id', async () => {
    const { fetchMock } = fakeServer({
      '/api/submit-problem-judge': [ok(submission(42, { cid: 3, cpid: 7, displayId: 'A' }))],
    });
    const result = await quickSubmit({ ...request, problemId: 'A', cid: 3 }, 1_000_000);
    const body = JSON.parse(String(fetchMock.mock.calls[0][1]?.body));
    expect(body).toMatchObject({ pid: 'A', cid: 3, language: 'C++', code: CPP });
    expect(result).toMatchObject({ ok: true, url: `${SERVER}/contest/3/problem/A/submission-detail/42` });
  });

  it('the same code twice within 10 s: the second is refused without a request', async () => {
    const { calls } = fakeServer({ '/api/submit-problem-judge': [ok(submission(43)), ok(submission(44))] });
    expect((await quickSubmit(request, 1_000_000)).ok).toBe(true);
    const again = await quickSubmit(request, 1_000_000 + 3000);
    expect(again).toMatchObject({ ok: false, reason: 'duplicate' });
    expect(again.ok || again.message).toBe(
      'The same code was just submitted to this problem. Wait a few seconds.',
    );
    expect(calls).toHaveLength(1);
    expect((await quickSubmit(request, 1_000_000 + SUBMIT_GUARD_MS + 1)).ok).toBe(true);
    expect(calls).toHaveLength(2);
  });

  it('a refused submit frees its key: the user can try again at once', async () => {
    const { calls } = fakeServer({
      '/api/submit-problem-judge': [
        { status: 429, body: { status: 429, data: null, msg: 'Submitting too fast' } },
        ok(submission(45)),
      ],
    });
    const first = await quickSubmit(request, 1_000_000);
    expect(first).toMatchObject({ ok: false, reason: 'error', message: 'Submitting too fast' });
    expect((await quickSubmit(request, 1_000_001)).ok).toBe(true);
    expect(calls).toHaveLength(2);
  });

  it('logged out or empty code: refused with a message, nothing sent', async () => {
    const { calls } = fakeServer({});
    expect(await quickSubmit({ ...request, code: '   ' })).toMatchObject({ ok: false, reason: 'empty' });
    await loginPersistence.save({ token: null, userInfo: null });
    await languageItem.setValue('zh-CN');
    expect(await quickSubmit(request)).toEqual({
      ok: false,
      reason: 'loggedOut',
      message: '请先登录（在弹出窗口或网站上）。',
    });
    expect(calls).toEqual([]);
  });
});

describe('site login pick-up', () => {
  const site = (token: string | null) => ({ token, userInfo: token ? USER : null });

  it('a new token on the site logs the extension in', () => {
    expect(siteLoginAction(site('web-1'), null, site(null))).toEqual({ kind: 'adopt', login: site('web-1') });
    expect(siteLoginAction(site('web-2'), 'web-1', site('web-1'))).toEqual({
      kind: 'adopt',
      login: site('web-2'),
    });
  });

  it("nothing changed on the site: the extension's own login is written into it", () => {
    expect(siteLoginAction(site(null), null, site('popup-1'))).toEqual({
      kind: 'push',
      login: site('popup-1'),
    });
    expect(siteLoginAction(site('old'), 'old', site('popup-2'))).toEqual({
      kind: 'push',
      login: site('popup-2'),
    });
    expect(siteLoginAction(site(null), null, site(null))).toEqual({ kind: 'none' });
    expect(siteLoginAction(site('same'), null, site('same'))).toEqual({ kind: 'none' });
  });

  it('a token gone from the site is checked with the server before the extension logs out', () => {
    expect(siteLoginAction(site(null), 'web-1', site('web-1'))).toEqual({ kind: 'verify', token: 'web-1' });
    expect(siteLoginAction(site(null), 'web-1', site(null))).toEqual({ kind: 'none' });
  });
});

describe('addresses', () => {
  it('problem pages of the web app', () => {
    expect(problemFromUrl('http://oj.test/problem/1000')).toEqual({ problemId: '1000', cid: null });
    expect(problemFromUrl('http://oj.test/problem/P%201?x=1#y')).toEqual({ problemId: 'P 1', cid: null });
    expect(problemFromUrl('http://oj.test/contest/3/problem/A')).toEqual({ problemId: 'A', cid: 3 });
    expect(problemFromUrl('http://oj.test/contest/3/problem/A/submission-detail/4')).toBeNull();
    expect(problemFromUrl('http://oj.test/problem')).toBeNull();
    expect(problemFromUrl('not a url')).toBeNull();
  });

  it('submission detail, inside a contest or not', () => {
    expect(submissionUrl('http://oj.test', { submitId: 5, cid: 0 })).toBe(
      'http://oj.test/submission-detail/5',
    );
    expect(submissionUrl('http://oj.test', { submitId: 5, cid: 2, displayId: 'B' })).toBe(
      'http://oj.test/contest/2/problem/B/submission-detail/5',
    );
  });

  it('what the user types to pin', () => {
    expect(parsePinInput(' 1000 ')).toEqual({ problemId: '1000', cid: null });
    expect(parsePinInput('3/A')).toEqual({ problemId: 'A', cid: 3 });
    expect(parsePinInput('contest 3 B')).toEqual({ problemId: 'B', cid: 3 });
    expect(parsePinInput('')).toBeNull();
    expect(parsePinInput('a b c')).toBeNull();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import background from '@/entrypoints/background';
import { loginPersistence } from '@/entrypoints/lib/auth';
import { syncContests } from '@/entrypoints/lib/contests';
import { syncMine } from '@/entrypoints/lib/mine';
import { openNotification } from '@/entrypoints/lib/notify';
import { languageItem, serverUrlItem } from '@/entrypoints/lib/settings';
import {
  contestsItem,
  lastNotificationItem,
  notifiedClarificationsItem,
  readAnnouncementsItem,
  recentItem,
  type WatchEntry,
  watchedItem,
} from '@/entrypoints/lib/state';
import {
  addWatches,
  checkWatched,
  FAST_CHECKS,
  GIVE_UP_MS,
  MAX_DELAY_MS,
  WATCH_ALARM,
  watchDelayMs,
} from '@/entrypoints/lib/watch';
import { fakeServer, ok, USER, unauthorized } from './fake-server';

const SERVER = 'http://127.0.0.1:9999';
const NOW = Date.parse('2026-11-22T12:00:00Z');

function item(submitId: number, status: number, extra: Record<string, unknown> = {}) {
  return {
    submitId,
    pid: 1,
    displayPid: '1000',
    displayId: null,
    title: 'A+B Problem',
    uid: '1',
    username: 'root',
    submitTime: new Date(NOW - 1000).toISOString(),
    status,
    share: false,
    time: status === 0 ? 12 : null,
    memory: status === 0 ? 3200 : null,
    score: null,
    oiRankScore: null,
    length: 100,
    language: 'C++',
    cid: 0,
    cpid: 0,
    gid: null,
    judger: null,
    isManual: false,
    ...extra,
  };
}

/** A row of the popup's list of last submissions, still being judged. */
const toRecentRow = (submitId: number) => ({
  submitId,
  cid: 0,
  problemLabel: '1000',
  title: 'A+B Problem',
  status: 7,
  time: null,
  memory: null,
  score: null,
  language: 'C++',
  submitTime: new Date(NOW - 1000).toISOString(),
});

const watch = (
  submitId: number,
  cid = 0,
): Pick<WatchEntry, 'submitId' | 'cid' | 'problemLabel' | 'title'> => ({
  submitId,
  cid,
  problemLabel: cid ? 'A' : '1000',
  title: 'A+B Problem',
});

beforeEach(async () => {
  fakeBrowser.reset();
  await serverUrlItem.setValue(SERVER);
  await languageItem.setValue('en-US');
  await loginPersistence.save({ token: 'tok-1', userInfo: USER });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('watch delays', () => {
  it('checks every 2 s at first, then backs off up to a minute', () => {
    for (let i = 0; i < FAST_CHECKS; i++) expect(watchDelayMs(i)).toBe(2000);
    expect(watchDelayMs(FAST_CHECKS)).toBe(3000);
    expect(watchDelayMs(FAST_CHECKS + 1)).toBe(4500);
    const delays = Array.from({ length: 40 }, (_, i) => watchDelayMs(i));
    expect([...delays].sort((a, b) => a - b)).toEqual(delays); // never shrinks
    expect(watchDelayMs(200)).toBe(MAX_DELAY_MS);
  });

  it('checks a submission waiting in the queue after half its estimated wait, as the web app does', () => {
    expect(watchDelayMs(0, { status: 5, queueEtaSeconds: 20 })).toBe(10_000);
    expect(watchDelayMs(0, { status: 5, queueEtaSeconds: 1 })).toBe(2000); // never sooner than 2 s
    expect(watchDelayMs(0, { status: 5, queueEtaSeconds: 600 })).toBe(15_000); // nor later than 15 s
    expect(watchDelayMs(0, { status: 7, queueEtaSeconds: null })).toBe(2000); // judging: every 2 s
    expect(watchDelayMs(200, { status: 5, queueEtaSeconds: 20 })).toBe(MAX_DELAY_MS); // the backoff still holds
  });
});

describe('checkWatched', () => {
  it('a pending submission stays watched with its next check later; nothing is notified', async () => {
    const { calls } = fakeServer({ '/api/check-submissions-status': [ok({ 7: item(7, 5) })] });
    await addWatches([watch(7)], NOW);
    expect(await checkWatched(NOW + 2000)).toBe(0);
    const [entry] = await watchedItem.getValue();
    expect(entry).toMatchObject({ submitId: 7, attempts: 1, nextAt: NOW + 4000 });
    expect(calls[0].method).toBe('POST');
    expect(calls[0].headers.Authorization).toBe('tok-1');
    expect(await lastNotificationItem.getValue()).toBeNull();
  });

  it('a submission waiting in the queue is next checked after half its estimated wait', async () => {
    fakeServer({ '/api/check-submissions-status': [ok({ 7: item(7, 5, { queueEtaSeconds: 30 }) })] });
    await addWatches([watch(7)], NOW);
    expect(await checkWatched(NOW + 2000)).toBe(0);
    const [entry] = await watchedItem.getValue();
    expect(entry).toMatchObject({ submitId: 7, attempts: 1, nextAt: NOW + 2000 + 15_000 });
  });

  it('a final verdict is notified with problem, verdict, time and memory, and no longer watched', async () => {
    fakeServer({ '/api/check-submissions-status': [ok({ 7: item(7, 0) })] });
    await addWatches([watch(7)], NOW);
    expect(await checkWatched(NOW + 2000)).toBe(1);
    expect(await watchedItem.getValue()).toEqual([]);
    const notice = await lastNotificationItem.getValue();
    expect(notice).toMatchObject({
      id: 'verdict-7',
      kind: 'verdict',
      title: '1000 A+B Problem',
      message: 'Accepted · Time 12ms · Memory 3.13MB',
      url: `${SERVER}/submission-detail/7`,
    });
    expect(await fakeBrowser.notifications.getAll()).toHaveProperty('verdict-7');
  });

  it('notifies in Chinese when the extension is in Chinese', async () => {
    await languageItem.setValue('zh-CN');
    fakeServer({ '/api/check-submissions-status': [ok({ 7: item(7, -1, { time: 5, memory: 1024 }) })] });
    await addWatches([watch(7)], NOW);
    await checkWatched(NOW + 2000);
    expect(await lastNotificationItem.getValue()).toMatchObject({
      message: '答案错误 · 时间 5ms · 内存 1MB',
    });
  });

  it('a compile error names no time or memory', async () => {
    fakeServer({ '/api/check-submissions-status': [ok({ 7: item(7, -2) })] });
    await addWatches([watch(7)], NOW);
    await checkWatched(NOW + 2000);
    expect((await lastNotificationItem.getValue())?.message).toBe('Compile Error');
  });

  it("a compile error's notification and popup row carry the compiler's first lines", async () => {
    const errorMessage =
      '\nmain.cpp:3:5: error: expected ";"\n    3 | int x\n      |     ^\nline 4\nline 5\n';
    fakeServer({
      '/api/check-submissions-status': [ok({ 7: item(7, -2) })],
      '/api/get-submission-detail': [ok({ submission: { ...item(7, -2), errorMessage }, codeShare: false })],
    });
    await recentItem.setValue({
      items: [{ ...toRecentRow(7), status: 7 }],
      maxSubmitId: 7,
      checkedAt: NOW,
    });
    await addWatches([watch(7)], NOW);
    await checkWatched(NOW + 2000);
    expect((await lastNotificationItem.getValue())?.message).toBe(
      'Compile Error · main.cpp:3:5: error: expected ";"',
    );
    expect((await recentItem.getValue())?.items[0]).toMatchObject({
      status: -2,
      errorMessage: 'main.cpp:3:5: error: expected ";"\n    3 | int x\n      |     ^\nline 4',
    });
  });

  it('contest submissions are checked through the contest call and open the contest submission', async () => {
    const { calls } = fakeServer({
      '/api/check-contest-submissions-status': [ok({ 9: item(9, 0, { cid: 3, displayId: 'A' }) })],
    });
    await addWatches([watch(9, 3)], NOW);
    await checkWatched(NOW + 2000);
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual([
      '/api/check-contest-submissions-status',
      '/api/get-contest-info', // the contest's name for the notification
    ]);
    expect((await lastNotificationItem.getValue())?.url).toBe(
      `${SERVER}/contest/3/problem/A/submission-detail/9`,
    );
  });

  it("a contest submission's notification names the contest", async () => {
    fakeServer({
      '/api/check-contest-submissions-status': [ok({ 9: item(9, 0, { cid: 3, displayId: 'A' }) })],
    });
    await contestsItem.setValue({
      items: [{ id: 3, title: 'Warm-up', type: 0, startTime: '', endTime: '' }],
      offsetMs: 0,
      checkedAt: NOW,
    });
    await addWatches([{ ...watch(9, 3), problemLabel: 'A' }], NOW);
    await checkWatched(NOW + 2000);
    expect((await lastNotificationItem.getValue())?.title).toBe('Warm-up · A A+B Problem');
  });

  it('only due submissions are asked for', async () => {
    const { calls } = fakeServer({ '/api/check-submissions-status': [ok({})] });
    await addWatches([watch(7)], NOW);
    expect(await checkWatched(NOW + 500)).toBe(0);
    expect(calls).toEqual([]);
  });

  it('a network failure keeps the submission, checked later', async () => {
    fakeServer({ '/api/check-submissions-status': [{ networkError: true }] });
    await addWatches([watch(7)], NOW);
    await checkWatched(NOW + 2000);
    expect(await watchedItem.getValue()).toMatchObject([{ submitId: 7, attempts: 1 }]);
  });

  it('gives up on a submission that is never final', async () => {
    fakeServer({ '/api/check-submissions-status': [ok({ 7: item(7, 7) })] });
    await addWatches([watch(7)], NOW);
    await watchedItem.setValue([{ ...(await watchedItem.getValue())[0], nextAt: NOW + GIVE_UP_MS + 1 }]);
    await checkWatched(NOW + GIVE_UP_MS + 2);
    expect(await watchedItem.getValue()).toEqual([]);
  });

  it('HTTP 401: the login is dropped and nothing is watched any more', async () => {
    fakeServer({ '/api/check-submissions-status': [unauthorized] });
    await addWatches([watch(7)], NOW);
    await checkWatched(NOW + 2000);
    expect(await watchedItem.getValue()).toEqual([]);
    expect((await loginPersistence.load()).token).toBeNull();
  });

  it('the same verdict is never notified twice (watcher and list pick-up)', async () => {
    fakeServer({
      '/api/check-submissions-status': [ok({ 7: item(7, 0) })],
      '/api/get-submission-list': [ok({ records: [item(7, 0)], total: 1, size: 5, current: 1, pages: 1 })],
    });
    await recentItem.setValue({ items: [], maxSubmitId: 6, checkedAt: NOW });
    await addWatches([watch(7)], NOW);
    await checkWatched(NOW + 2000);
    await lastNotificationItem.setValue(null);
    await syncMine({ now: NOW + 3000 });
    expect(await lastNotificationItem.getValue()).toBeNull();
  });

  it('a click on the notification opens the submission', async () => {
    fakeServer({ '/api/check-submissions-status': [ok({ 7: item(7, 0) })] });
    await addWatches([watch(7)], NOW);
    await checkWatched(NOW + 2000);
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    await openNotification('verdict-7');
    expect(create).toHaveBeenCalledWith({ url: `${SERVER}/submission-detail/7` });
  });
});

describe('syncMine (submissions made elsewhere)', () => {
  const page = (...records: unknown[]) =>
    ok({ records, total: records.length, size: 5, current: 1, pages: 1 });

  it('first look: lists, watches what is pending, notifies nothing', async () => {
    const { calls } = fakeServer({ '/api/get-submission-list': [page(item(5, 5), item(4, 0))] });
    await syncMine({ now: NOW });
    expect(new URL(calls[0].url).searchParams.get('onlyMine')).toBe('true');
    expect(new URL(calls[0].url).searchParams.get('limit')).toBe('5');
    expect((await recentItem.getValue())?.items.map((s) => s.submitId)).toEqual([5, 4]);
    expect((await watchedItem.getValue()).map((e) => e.submitId)).toEqual([5]);
    expect(await lastNotificationItem.getValue()).toBeNull();
  });

  it('a newer submission already judged is notified; a newer pending one is watched', async () => {
    fakeServer({ '/api/get-submission-list': [page(item(9, 5), item(8, 0), item(4, 0))] });
    await recentItem.setValue({ items: [], maxSubmitId: 4, checkedAt: NOW - 120_000 });
    await syncMine({ now: NOW });
    expect((await lastNotificationItem.getValue())?.id).toBe('verdict-8');
    expect((await watchedItem.getValue()).map((e) => e.submitId)).toEqual([9]);
    expect((await recentItem.getValue())?.maxSubmitId).toBe(9);
  });

  it('inside a contest, the contest submission list is asked', async () => {
    const { calls } = fakeServer({
      '/api/contest-submissions': [page(item(3, 5, { cid: 2, displayId: 'B' }))],
    });
    await syncMine({ cid: 2, now: NOW });
    expect(new URL(calls[0].url).searchParams.get('contestID')).toBe('2');
    expect(await watchedItem.getValue()).toMatchObject([{ submitId: 3, cid: 2, problemLabel: 'B' }]);
  });

  it('logged out: nothing asked', async () => {
    const { calls } = fakeServer({});
    await loginPersistence.save({ token: null, userInfo: null });
    expect(await syncMine()).toBeNull();
    expect(calls).toEqual([]);
  });
});

describe('syncContests (announcements)', () => {
  const contest = (id: number) => ({
    id,
    title: `Round ${id}`,
    type: 0,
    status: 0,
    now: new Date(NOW + 5000).toISOString(),
    startTime: new Date(NOW - 3600_000).toISOString(),
    endTime: new Date(NOW + 3600_000).toISOString(),
  });
  const announcement = (id: number, title: string) => ({ id, title, content: '', cid: 1 });

  it('keeps the running contests the user can enter; the first look notifies nothing, a new announcement later is', async () => {
    const { calls } = fakeServer({
      '/api/get-contest-list': [
        ok({ records: [contest(1), contest(2)], total: 2, size: 20, current: 1, pages: 1 }),
      ],
      '/api/get-contest-access': [
        ok({ access: true }),
        ok({ access: false }),
        ok({ access: true }),
        ok({ access: false }),
      ],
      '/api/get-contest-not-read-announcement': [
        ok([announcement(11, 'Old news')]),
        ok([announcement(12, 'Problem B clarified')]),
      ],
    });
    await syncContests(NOW);
    const state = await contestsItem.getValue();
    expect(state?.items.map((c) => c.id)).toEqual([1]);
    expect(state?.offsetMs).toBe(5000);
    expect(new URL(calls[0].url).searchParams.get('status')).toBe('0');
    expect(await lastNotificationItem.getValue()).toBeNull();
    expect(await readAnnouncementsItem.getValue()).toEqual({ 1: [11] });

    await syncContests(NOW + 60_000);
    const notice = await lastNotificationItem.getValue();
    expect(notice).toMatchObject({
      kind: 'announcement',
      title: 'Announcement · Round 1',
      message: 'Problem B clarified',
      url: `${SERVER}/contest/1`,
    });
    const sent = calls.filter((c) => c.url.endsWith('/api/get-contest-not-read-announcement'));
    expect(sent).toHaveLength(2);
    expect(await readAnnouncementsItem.getValue()).toEqual({ 1: [11, 12] });
  });
});

describe('syncContests (clarifications)', () => {
  const contest = {
    id: 1,
    title: 'Round 1',
    type: 0,
    status: 0,
    now: new Date(NOW).toISOString(),
    startTime: new Date(NOW - 3600_000).toISOString(),
    endTime: new Date(NOW + 3600_000).toISOString(),
  };
  const clarification = (id: number, answer: string, displayId: string | null) => ({
    id,
    cid: 1,
    displayId,
    problemTitle: displayId ? 'A+B' : null,
    question: 'Q?',
    mine: true,
    gmtCreate: new Date(NOW).toISOString(),
    answer,
    toAll: false,
    answeredAt: new Date(NOW).toISOString(),
    read: false,
  });
  const unread = (...records: ReturnType<typeof clarification>[]) =>
    ok({ count: records.length, unanswered: null, records });

  it('notifies an answer that arrives after the first look, once, opening the contest’s clarifications', async () => {
    const { calls } = fakeServer({
      '/api/get-contest-list': [ok({ records: [contest], total: 1, size: 20, current: 1, pages: 1 })],
      '/api/get-contest-access': [ok({ access: true })],
      '/api/get-contest-not-read-announcement': [ok([])],
      '/api/get-contest-clarification-unread': [
        unread(clarification(5, 'Old answer', null)),
        unread(clarification(5, 'Old answer', null), clarification(8, 'Yes, n ≤ 10^9.', 'A')),
        unread(clarification(5, 'Old answer', null), clarification(8, 'Yes, n ≤ 10^9.', 'A')),
      ],
    });
    await syncContests(NOW);
    expect(await lastNotificationItem.getValue()).toBeNull();
    expect(await notifiedClarificationsItem.getValue()).toEqual({ 1: [5] });

    await syncContests(NOW + 30_000);
    expect(await lastNotificationItem.getValue()).toMatchObject({
      id: 'clarification-1-8',
      kind: 'clarification',
      title: 'Clarification · Round 1',
      message: 'A: Yes, n ≤ 10^9.',
      url: `${SERVER}/contest/1/clarifications`,
    });
    // the same unread answer is not notified again
    await lastNotificationItem.setValue(null);
    await syncContests(NOW + 60_000);
    expect(await lastNotificationItem.getValue()).toBeNull();
    expect(await notifiedClarificationsItem.getValue()).toEqual({ 1: [5, 8] });
    const asked = calls.filter((c) => c.url.includes('/api/get-contest-clarification-unread'));
    expect(asked.map((c) => new URL(c.url).searchParams.get('cid'))).toEqual(['1', '1', '1']);
  });

  it('says nothing when the server has no clarifications (another HOJ server answers 404)', async () => {
    fakeServer({
      '/api/get-contest-list': [ok({ records: [contest], total: 1, size: 20, current: 1, pages: 1 })],
      '/api/get-contest-access': [ok({ access: true })],
      '/api/get-contest-not-read-announcement': [ok([])],
    });
    await syncContests(NOW);
    await syncContests(NOW + 30_000);
    expect(await lastNotificationItem.getValue()).toBeNull();
    expect(await contestsItem.getValue()).toMatchObject({ items: [{ id: 1 }] });
    // nothing was learnt, so the first answer it does see is a first look, not news
    expect(await notifiedClarificationsItem.getValue()).toEqual({});
  });
});

describe('the worker survives being stopped', () => {
  it('a new worker finds the watched submissions in storage: a timer for the next check, an alarm as backstop', async () => {
    fakeServer({
      '/api/check-submissions-status': [ok({ 7: item(7, 0) })],
      '/api/msg/unread': [ok({ comment: 0, reply: 0, like: 0, sys: 0, mine: 0 })],
    });
    // what the previous worker left behind: one check due in 5 s, one in 100 ms
    const start = Date.now();
    await watchedItem.setValue([{ ...watch(6), attempts: 40, nextAt: start + 5000, addedAt: start }]);
    background.main();
    await vi.waitFor(async () => expect(await fakeBrowser.alarms.get(WATCH_ALARM)).toBeDefined());
    // alarms fire after 30 s at the soonest: the alarm only wakes a worker that was stopped
    expect((await fakeBrowser.alarms.get(WATCH_ALARM))?.scheduledTime).toBeGreaterThanOrEqual(start + 30_000);

    await watchedItem.setValue([
      ...(await watchedItem.getValue()),
      { ...watch(7), attempts: 40, nextAt: Date.now() + 100, addedAt: Date.now() },
    ]);
    await vi.waitFor(async () => expect((await lastNotificationItem.getValue())?.id).toBe('verdict-7'), {
      timeout: 3000,
    });
    expect((await watchedItem.getValue()).map((e) => e.submitId)).toEqual([6]);
  });

  it('the wake-up alarm runs the check', async () => {
    fakeServer({
      '/api/check-submissions-status': [ok({ 8: item(8, 0) })],
      '/api/msg/unread': [ok({ comment: 0, reply: 0, like: 0, sys: 0, mine: 0 })],
    });
    background.main();
    await watchedItem.setValue([{ ...watch(8), attempts: 40, nextAt: Date.now() - 1, addedAt: Date.now() }]);
    await fakeBrowser.alarms.onAlarm.trigger({ name: WATCH_ALARM, scheduledTime: Date.now() });
    await vi.waitFor(async () => expect((await lastNotificationItem.getValue())?.id).toBe('verdict-8'));
  });

  it('logging out forgets the watched submissions and the lists', async () => {
    fakeServer({ '/api/msg/unread': [ok({ comment: 0, reply: 0, like: 0, sys: 0, mine: 0 })] });
    background.main();
    await watchedItem.setValue([
      { ...watch(8), attempts: 0, nextAt: Date.now() + 60_000, addedAt: Date.now() },
    ]);
    await recentItem.setValue({ items: [], maxSubmitId: 8, checkedAt: 1 });
    await loginPersistence.save({ token: null, userInfo: null });
    await vi.waitFor(async () => expect(await watchedItem.getValue()).toEqual([]));
    expect(await recentItem.getValue()).toBeNull();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import background from '@/entrypoints/background';
import { loginPersistence } from '@/entrypoints/lib/auth';
import { REFRESH_UNREAD } from '@/entrypoints/lib/messages';
import { serverUrlItem } from '@/entrypoints/lib/settings';
import { UNREAD_ALARM } from '@/entrypoints/lib/unread-alarm';
import { fakeServer, ok, USER } from './fake-server';

const SERVER = 'http://127.0.0.1:9999';
const badge = () => fakeBrowser.action.getBadgeText({});
const unreadCalls = (calls: { url: string }[]) =>
  calls.filter((c) => c.url.endsWith('/api/msg/unread')).length;

beforeEach(async () => {
  fakeBrowser.reset();
  await serverUrlItem.setValue(SERVER);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('background worker', () => {
  it('creates the unread alarm every 2 minutes, once', async () => {
    fakeServer({});
    background.main();
    await vi.waitFor(async () => expect(await fakeBrowser.alarms.get(UNREAD_ALARM)).toBeDefined());
    const first = await fakeBrowser.alarms.get(UNREAD_ALARM);
    expect(first?.periodInMinutes).toBe(2);
    background.main(); // the worker wakes again: the countdown must not restart
    await new Promise((r) => setTimeout(r, 10));
    expect((await fakeBrowser.alarms.get(UNREAD_ALARM))?.scheduledTime).toBe(first?.scheduledTime);
  });

  it('login → badge shows the total; logout → badge cleared', async () => {
    fakeServer({ '/api/msg/unread': [ok({ comment: 2, reply: 0, like: 1, sys: 0, mine: 0 })] });
    background.main();
    await loginPersistence.save({ token: 'tok-1', userInfo: USER });
    await vi.waitFor(async () => expect(await badge()).toBe('3'));
    await loginPersistence.save({ token: null, userInfo: null });
    await vi.waitFor(async () => expect(await badge()).toBe(''));
  });

  it('the alarm re-checks the counts', async () => {
    const { calls } = fakeServer({
      '/api/msg/unread': [
        ok({ comment: 1, reply: 0, like: 0, sys: 0, mine: 0 }),
        ok({ comment: 1, reply: 0, like: 0, sys: 5, mine: 0 }),
      ],
    });
    await loginPersistence.save({ token: 'tok-1', userInfo: USER });
    background.main();
    await fakeBrowser.alarms.onAlarm.trigger({ name: UNREAD_ALARM, scheduledTime: Date.now() });
    await vi.waitFor(async () => expect(await badge()).toBe('1'));
    await fakeBrowser.alarms.onAlarm.trigger({ name: UNREAD_ALARM, scheduledTime: Date.now() });
    await vi.waitFor(async () => expect(await badge()).toBe('6'));
    expect(unreadCalls(calls)).toBe(2);
  });

  it('a refreshed token alone does not trigger another check', async () => {
    const { calls } = fakeServer({
      '/api/msg/unread': [ok({ comment: 0, reply: 0, like: 0, sys: 0, mine: 1 })],
    });
    background.main();
    await loginPersistence.save({ token: 'tok-1', userInfo: USER });
    await vi.waitFor(async () => expect(await badge()).toBe('1'));
    await loginPersistence.save({ token: 'tok-2', userInfo: USER });
    await new Promise((r) => setTimeout(r, 20));
    expect(unreadCalls(calls)).toBe(1);
  });

  it('the popup asks for a refresh by message and gets an answer when done', async () => {
    fakeServer({ '/api/msg/unread': [ok({ comment: 0, reply: 4, like: 0, sys: 0, mine: 0 })] });
    await loginPersistence.save({ token: 'tok-1', userInfo: USER });
    background.main();
    const sendResponse = vi.fn();
    // Chrome passes sendResponse as a third argument; the fake's typing only knows two.
    const trigger = fakeBrowser.runtime.onMessage.trigger as (...args: unknown[]) => Promise<unknown>;
    await trigger({ type: REFRESH_UNREAD }, {}, sendResponse);
    await vi.waitFor(() => expect(sendResponse).toHaveBeenCalledWith({ ok: true }));
    expect(await badge()).toBe('4');
  });
});

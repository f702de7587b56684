import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { loginPersistence } from '@/entrypoints/lib/auth';
import { serverUrlItem, unreadItem } from '@/entrypoints/lib/settings';
import { syncUnread } from '@/entrypoints/lib/unread-sync';
import { fakeServer, ok, USER, unauthorized } from './fake-server';

const SERVER = 'http://127.0.0.1:9999';
const COUNTS = { comment: 1, reply: 2, like: 0, sys: 3, mine: 4 };
const badge = () => fakeBrowser.action.getBadgeText({});

beforeEach(async () => {
  fakeBrowser.reset();
  await serverUrlItem.setValue(SERVER);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('syncUnread', () => {
  it('logged out: no request, no badge, no counts', async () => {
    const { calls } = fakeServer({});
    await fakeBrowser.action.setBadgeText({ text: '5' });
    expect(await syncUnread()).toBeNull();
    expect(calls).toEqual([]);
    expect(await badge()).toBe('');
    expect(await unreadItem.getValue()).toBeNull();
  });

  it('logged in: GET /api/msg/unread with the token, total on the badge', async () => {
    const { calls } = fakeServer({ '/api/msg/unread': [ok(COUNTS)] });
    await loginPersistence.save({ token: 'tok-1', userInfo: USER });
    const state = await syncUnread();
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe(`${SERVER}/api/msg/unread`);
    expect(calls[0].headers.Authorization).toBe('tok-1');
    expect(state).toMatchObject({ counts: COUNTS, total: 10, error: null });
    expect(await badge()).toBe('10');
    expect(await unreadItem.getValue()).toMatchObject({ total: 10 });
  });

  it('all zero: the badge is empty', async () => {
    fakeServer({ '/api/msg/unread': [ok({ comment: 0, reply: 0, like: 0, sys: 0, mine: 0 })] });
    await loginPersistence.save({ token: 'tok-1', userInfo: USER });
    await fakeBrowser.action.setBadgeText({ text: '3' });
    await syncUnread();
    expect(await badge()).toBe('');
  });

  it('stores a token the server refreshed (Authorization + Refresh-Token headers)', async () => {
    fakeServer({ '/api/msg/unread': [ok(COUNTS, { Authorization: 'tok-2', 'Refresh-Token': 'true' })] });
    await loginPersistence.save({ token: 'tok-1', userInfo: USER });
    await syncUnread();
    expect(await loginPersistence.load()).toEqual({ token: 'tok-2', userInfo: USER });
  });

  it('HTTP 401 clears the login, the counts and the badge', async () => {
    fakeServer({ '/api/msg/unread': [ok(COUNTS), unauthorized] });
    await loginPersistence.save({ token: 'tok-1', userInfo: USER });
    await syncUnread();
    expect(await badge()).toBe('10');
    expect(await syncUnread()).toBeNull();
    expect(await loginPersistence.load()).toEqual({ token: null, userInfo: null });
    expect(await unreadItem.getValue()).toBeNull();
    expect(await badge()).toBe('');
  });

  it('a 401 for an old token does not log out a newer login', async () => {
    const { fetchMock } = fakeServer({ '/api/msg/unread': [unauthorized] });
    await loginPersistence.save({ token: 'old', userInfo: USER });
    fetchMock.mockImplementationOnce(async () => {
      await loginPersistence.save({ token: 'new', userInfo: USER }); // user logs in again meanwhile
      return Response.json({ status: 401, data: null, msg: '' }, { status: 401 });
    });
    await syncUnread();
    expect((await loginPersistence.load()).token).toBe('new');
  });

  it('a network failure keeps the last counts and the badge, and records why', async () => {
    fakeServer({ '/api/msg/unread': [ok(COUNTS), { networkError: true }] });
    await loginPersistence.save({ token: 'tok-1', userInfo: USER });
    await syncUnread();
    const state = await syncUnread();
    expect(state).toMatchObject({ counts: COUNTS, total: 10, error: 'network' });
    expect(await badge()).toBe('10');
    expect((await loginPersistence.load()).token).toBe('tok-1');
  });
});

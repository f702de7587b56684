import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { loginPersistence } from '@/entrypoints/lib/auth';
import { createWorkerLive } from '@/entrypoints/lib/live';
import { languageItem, serverUrlItem, unreadItem } from '@/entrypoints/lib/settings';
import { lastNotificationItem, watchedItem } from '@/entrypoints/lib/state';
import { USER } from './fake-server';

const SERVER = 'http://127.0.0.1:9999';

/** A server whose /api/events answers with these events, then stays open. */
function streamingServer(events: string[]) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, headers: { ...(init?.headers as Record<string, string>) } });
      if (!url.endsWith('/api/events'))
        return Response.json({ status: 404, data: null, msg: '' }, { status: 404 });
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const e of events) controller.enqueue(new TextEncoder().encode(e));
          init?.signal?.addEventListener('abort', () =>
            controller.error(new DOMException('aborted', 'AbortError')),
          );
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
    }),
  );
  return calls;
}

const event = (kind: string, data: unknown, id: number) =>
  `id: run.${id}\nevent: ${kind}\ndata: ${JSON.stringify(data)}\n\n`;

beforeEach(async () => {
  fakeBrowser.reset();
  await serverUrlItem.setValue(SERVER);
  await languageItem.setValue('en-US');
  await loginPersistence.save({ token: 'tok-1', userInfo: USER });
  const now = Date.now();
  await watchedItem.setValue([
    {
      submitId: 7,
      cid: 0,
      problemLabel: '1000',
      title: 'A+B',
      attempts: 0,
      nextAt: now + 2000,
      addedAt: now,
    },
  ]);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the worker’s live stream', () => {
  it('shows a watched submission’s place, hands its verdict to the watch and puts pushed unread counts on the badge', async () => {
    const calls = streamingServer([
      ': stream open\n\n',
      event('hello', { heartbeatMs: 60_000, contest: null, user: true }, 1),
      event('queue', { submitId: 7, cid: 0, queuePosition: 2, queueEtaSeconds: 5 }, 2),
      event('unread', { comment: 1, reply: 0, like: 0, sys: 2, mine: 0 }, 3),
      event(
        'submission',
        {
          submitId: 7,
          cid: 0,
          status: 0,
          time: 3,
          memory: 1024,
          score: null,
          queuePosition: null,
          queueEtaSeconds: null,
        },
        4,
      ),
    ]);
    const verdicts: number[] = [];
    const live = createWorkerLive({ onVerdict: (id) => verdicts.push(id), onHealth: () => undefined });
    await live.want(true);

    await vi.waitFor(() => expect(live.healthy).toBe(true));
    await vi.waitFor(async () => {
      const shown = await lastNotificationItem.getValue();
      expect(shown).toMatchObject({
        id: 'verdict-7',
        title: 'Waiting · 1000 A+B',
        message: '2nd in queue, about 5 s',
      });
    });
    await vi.waitFor(() => expect(verdicts).toEqual([7]));
    await vi.waitFor(async () => expect((await unreadItem.getValue())?.total).toBe(3));
    expect(await fakeBrowser.action.getBadgeText({})).toBe('3');

    // the login travels in a header, never in the address
    const stream = calls.find((c) => c.url.endsWith('/api/events'));
    expect(stream?.url).toBe(`${SERVER}/api/events`);
    expect(stream?.headers).toMatchObject({ Accept: 'text/event-stream', Authorization: 'tok-1' });

    await live.want(false);
    expect(live.healthy).toBe(false);
  });

  it('opens nothing while logged out', async () => {
    await loginPersistence.save({ token: null, userInfo: null });
    const calls = streamingServer([]);
    const live = createWorkerLive({ onVerdict: () => undefined, onHealth: () => undefined });
    await live.want(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
    expect(live.healthy).toBe(false);
  });
});

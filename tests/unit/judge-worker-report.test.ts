// @vitest-environment node
/**
 * How a judge's worker sends its final report: sent again through a short outage of the server, not
 * sent again when the server refused it (a 4xx: the same report would be refused again), and given
 * up after REPORT_TRIES sends. A fake backend hands out one test run and records each report.
 */
import { describe, expect, it } from 'vitest';
import type { TestRunResult, TestRunTask } from '@/judge/types';
import { JudgeWorkers, REPORT_TRIES } from '@/judge/worker';
import type { ClaimRef, JudgeBackend, WorkItem } from '@/judge/worker-protocol';

const RESULT: TestRunResult = { status: 0, time: 1, memory: 1, userOutput: '3', stderr: '' };

class HttpError extends Error {
  constructor(readonly httpStatus: number) {
    super(`HTTP ${httpStatus}`);
  }
}

/** One test run to judge, then nothing; `answers` say how each finish call ends, in turn. */
function fakeBackend(answers: (() => Promise<boolean>)[]) {
  const item = { kind: 'test', testKey: 't1', attempt: 1, task: {} as TestRunTask } as WorkItem;
  let handedOut = false;
  const finishes: number[] = [];
  let settled: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    settled = resolve;
  });
  const backend: JudgeBackend = {
    async claim(_request, signal) {
      if (!handedOut) {
        handedOut = true;
        return item;
      }
      // no more work: wait like a long poll until the worker stops
      await new Promise<void>((resolve) =>
        signal?.addEventListener('abort', () => resolve(), { once: true }),
      );
      return null;
    },
    renew: async () => true,
    progress: async () => true,
    async finish(_ref: ClaimRef) {
      finishes.push(Date.now());
      const answer = answers[finishes.length - 1] ?? (async () => true);
      try {
        return await answer();
      } finally {
        if (finishes.length >= answers.length) settled();
      }
    },
    release: async () => {},
    fetchFile: async () => {
      throw new Error('no files in this test');
    },
  };
  return { backend, finishes, done };
}

async function judgeOnce(answers: (() => Promise<boolean>)[]) {
  const { backend, finishes, done } = fakeBackend(answers);
  const errors: string[] = [];
  const workers = new JudgeWorkers({
    name: 'unit',
    workers: 1,
    backend,
    engine: { judge: async () => Promise.reject(new Error('unused')), testRun: async () => RESULT },
    reportBackoffMs: 5,
    log: { info: () => {}, error: (_obj, msg) => errors.push(msg) },
  });
  workers.start();
  await done;
  // the worker logs the outcome after the last call returns
  await new Promise((r) => setTimeout(r, 50));
  await workers.stop();
  return { finishes, errors };
}

const refuse = (status: number) => () => Promise.reject(new HttpError(status));

describe("a judge's final report", () => {
  it('is sent again after an outage (a 503, a lost connection), and then accepted', async () => {
    const { finishes, errors } = await judgeOnce([
      refuse(503),
      () => Promise.reject(new Error('fetch failed')),
      async () => true,
    ]);
    expect(finishes).toHaveLength(3);
    expect(errors.filter((m) => m === 'judge: report failed, retrying')).toHaveLength(2);
  });

  it('is not sent again when the server refused it (400, 401, 403, 409); after a timeout or a rate limit it is', async () => {
    for (const status of [400, 401, 403, 409]) {
      const { finishes, errors } = await judgeOnce([refuse(status)]);
      expect(finishes, `HTTP ${status}`).toHaveLength(1);
      expect(errors).toEqual(['judge: bookkeeping failed']);
    }
    // a rate limit and a timeout are outages: sent again
    for (const status of [408, 429]) {
      const { finishes } = await judgeOnce([refuse(status), async () => true]);
      expect(finishes, `HTTP ${status}`).toHaveLength(2);
    }
  });

  it(`is given up after ${REPORT_TRIES} sends through a longer outage`, async () => {
    const { finishes, errors } = await judgeOnce(Array.from({ length: REPORT_TRIES }, () => refuse(502)));
    expect(finishes).toHaveLength(REPORT_TRIES);
    expect(errors.at(-1)).toBe('judge: bookkeeping failed');
  });
});

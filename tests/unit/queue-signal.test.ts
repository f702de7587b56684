// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { QueueSignal } from '../../server/services/judge-queue/signal';

/** Waits on the signal and records when it returned. */
function waiter(signal: QueueSignal, woken: string[], name: string, filter = {}, ms = 5_000) {
  const controller = new AbortController();
  const done = signal.wait(ms, controller.signal, filter).then(() => woken.push(name));
  return { done, stop: () => controller.abort() };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the judge queue signal', () => {
  it('wakes one waiter per piece of work, the longest waiting, not all of them', async () => {
    const signal = new QueueSignal();
    const woken: string[] = [];
    const all = ['a', 'b', 'c'].map((name) => waiter(signal, woken, name));
    signal.notify({ language: 'C++' });
    await tick();
    expect(woken).toEqual(['a']);
    expect(signal.waiting).toBe(2);
    signal.notify();
    await tick();
    expect(woken).toEqual(['a', 'b']);
    for (const w of all) w.stop();
    await Promise.all(all.map((w) => w.done));
    expect(signal.waiting).toBe(0);
  });

  it('wakes a waiter that can take the work: its language, and test runs only where they are taken', async () => {
    const signal = new QueueSignal();
    const woken: string[] = [];
    const python = waiter(signal, woken, 'python', { languages: ['Python3'], testRuns: true });
    const noTests = waiter(signal, woken, 'cpp-no-tests', { languages: ['C++'], testRuns: false });
    const cpp = waiter(signal, woken, 'cpp', { languages: ['C++'], testRuns: true });
    signal.notify({ language: 'C++', test: true });
    await tick();
    expect(woken).toEqual(['cpp']);
    signal.notify({ language: 'Java' });
    await tick();
    expect(woken).toEqual(['cpp']); // nobody here judges Java: nobody is woken for nothing
    signal.notify({ language: 'C++' });
    await tick();
    expect(woken).toEqual(['cpp', 'cpp-no-tests']);
    python.stop();
    noTests.stop();
    await Promise.all([python.done, noTests.done, cpp.done]);
  });

  it('lets a waiter go after its time or when its asker leaves', async () => {
    const signal = new QueueSignal();
    const woken: string[] = [];
    const short = waiter(signal, woken, 'short', {}, 10);
    const left = waiter(signal, woken, 'left');
    left.stop();
    await Promise.all([short.done, left.done]);
    expect(woken.sort()).toEqual(['left', 'short']);
    expect(signal.waiting).toBe(0);
  });
});

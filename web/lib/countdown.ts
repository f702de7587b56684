import { useEffect, useState } from 'react';
import { create } from 'zustand';
import type { RetryLater } from '@/shared/api/account-types';
import { ApiError } from '@/shared/api/client';

/** The buttons that wait after sending mail, so no one floods an inbox: register code 60 s, reset 90 s, change-email code 60 s. */
export type CountdownKind = 'registerCode' | 'resetMail' | 'changeEmailCode';

const useDeadlines = create<Record<CountdownKind, number>>(() => ({
  registerCode: 0,
  resetMail: 0,
  changeEmailCode: 0,
}));

/** A button's wait after it sent mail. */
export interface Countdown {
  /** whole seconds left, ticking once a second; 0 when the button may be used */
  seconds: number;
  /** starts the wait; it outlives the dialog (closing and reopening does not skip it) */
  start(seconds: number): void;
  /**
   * After a refused mail: a 429 carries how long the server wants the button to wait, and the
   * button waits that long; any other failure leaves it usable.
   */
  startAsToldBy(error: unknown): void;
}

export function useCountdown(kind: CountdownKind): Countdown {
  const deadline = useDeadlines((s) => s[kind]);
  const left = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: left reads deadline, the only input
  useEffect(() => {
    setSeconds(left());
    if (deadline <= Date.now()) return;
    const timer = setInterval(() => {
      const s = left();
      setSeconds(s);
      if (s === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [deadline]);
  const start = (wait: number) => useDeadlines.setState({ [kind]: Date.now() + wait * 1000 });
  return {
    seconds,
    start,
    startAsToldBy: (error) => {
      const retry =
        error instanceof ApiError && error.status === 429 ? (error.data as RetryLater | null) : null;
      if (retry?.seconds) start(retry.seconds);
    },
  };
}

import { useEffect, useState } from 'react';
import { create } from 'zustand';

/** The buttons that wait after sending mail (spec §4, §9): register code 60 s, reset 90 s, change-email code 60 s. */
export type CountdownKind = 'registerCode' | 'resetMail' | 'changeEmailCode';

const useDeadlines = create<Record<CountdownKind, number>>(() => ({
  registerCode: 0,
  resetMail: 0,
  changeEmailCode: 0,
}));

/** Starts the wait; it outlives the dialog (closing and reopening does not skip it). */
export function startCountdown(kind: CountdownKind, seconds: number): void {
  useDeadlines.setState({ [kind]: Date.now() + seconds * 1000 });
}

/** Whole seconds left, ticking once a second; 0 when the button may be used. */
export function useCountdown(kind: CountdownKind): number {
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
  return seconds;
}

import { createContext, useContext, useEffect, useState } from 'react';
import type { ContestVO } from '@/shared/api/contest-types';
import type { VirtualRun, VirtualState } from '@/shared/api/virtual-types';
import type { ContestStatusValue } from '@/shared/constants/contests';
import { statusAt } from './lib/contest-clock';

/** What every screen inside a contest shares (provided by the contest shell). */
export interface ContestContextValue {
  contest: ContestVO;
  /** the contest's status now, flipped locally from the countdown */
  status: ContestStatusValue;
  /** server time minus local time, measured when the contest was loaded */
  offsetMs: number;
  /** the caller is the contest's author or a super admin */
  isAdmin: boolean;
  isSuperAdmin: boolean;
  /** the caller may take part (registered, public contest, or admin) */
  access: boolean;
  /** links inside the contest start here: `/contest/1000` on the main site, `/SHORT/1000` on a contest site */
  base: string;
  /** the "include after-contest submissions" setting of the settings popover */
  containsEnd: boolean;
  setContainsEnd(value: boolean): void;
  /** the caller's virtual state in an ended contest (undefined: not asked) */
  virtualState?: VirtualState;
  /** the caller's virtual run while its clock is going: `contest` is then on the run's clock */
  virtualRun?: VirtualRun | null;
}

/** localStorage key of a contest's "include after-contest submissions" setting */
export const containsEndKey = (cid: number) => `contest-contains-end-${cid}`;

export const ContestContext = createContext<ContestContextValue | null>(null);

export function useContestContext(): ContestContextValue {
  const value = useContext(ContestContext);
  if (!value) throw new Error('useContestContext outside a contest shell');
  return value;
}

/** The server's clock, ticking every second. */
export function useServerNow(offsetMs: number, everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    setNow(Date.now() + offsetMs);
    const timer = window.setInterval(() => setNow(Date.now() + offsetMs), everyMs);
    return () => window.clearInterval(timer);
  }, [offsetMs, everyMs]);
  return now;
}

/** The contest's status from the server's clock, re-evaluated every second. */
export function useLiveStatus(contest: ContestVO, offsetMs: number): ContestStatusValue {
  const now = useServerNow(offsetMs);
  return statusAt(contest, now);
}

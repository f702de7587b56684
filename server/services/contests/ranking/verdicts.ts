import type { AwardSettings, VerdictTable } from './types';

/**
 * HOJ's verdict classes: PE, WA, TLE, MLE and RE cost penalty; AC solves; everything else
 * (CE, system error, partial accepted, cancelled ...) is neither. Queued/judging states are pending.
 */
export const HOJ_VERDICTS: VerdictTable = {
  AC: { penalty: false, solved: true },
  PE: { penalty: true, solved: false },
  WA: { penalty: true, solved: false },
  TLE: { penalty: true, solved: false },
  MLE: { penalty: true, solved: false },
  RE: { penalty: true, solved: false },
  CE: { penalty: false, solved: false },
  SE: { penalty: false, solved: false },
  PA: { penalty: false, solved: false },
  CA: { penalty: false, solved: false },
  PENDING: { penalty: false, solved: false, pending: true },
  JUDGING: { penalty: false, solved: false, pending: true },
};

/** Gold 10 %, silver 20 %, bronze 30 % of the non-star participants, each floored. */
export const DEFAULT_MEDALS: AwardSettings = {
  type: 'percent',
  levels: [
    { name: 'Gold', background: '#e6bf25', color: '#ffffff', num: 10 },
    { name: 'Silver', background: '#e6e6e6', color: '#000000', num: 20 },
    { name: 'Bronze', background: '#c37e51', color: '#ffffff', num: 30 },
  ],
};

import type { PenaltyModeValue } from '../constants/contests';

const pad = (n: number) => String(n).padStart(2, '0');

/** Seconds as HOJ shows board times: H:MM:SS (hours not capped, so 26:03:00 after a day). */
function clockOf(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/**
 * A time on an ACM board: HOJ contests (penalty summed in seconds) show HH:MM:SS as HOJ does, ICPC
 * contests (whole minutes) show the minutes as ICPC boards do.
 */
export function boardTime(seconds: number, mode: PenaltyModeValue): string {
  return mode === 'icpc-minutes' ? String(Math.floor(seconds / 60)) : clockOf(seconds);
}

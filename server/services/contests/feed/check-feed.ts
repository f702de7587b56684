import { EVENT_FEED_LIMITS as L } from '../../../../shared/constants/contests';
import { type AppError, badRequest } from '../../errors';
import { type ImportedFeed, parseRelTime, readEventFeed } from './read-feed';

/**
 * Checks an uploaded event feed before anything is stored (docs/security.md): every line must be a JSON event
 * ({type, data}), and every field the import reads must hold a value it can use. A malformed feed is a 400 that
 * names the line, the event (type and id) and the field, never a 500: times are bounded so the contest's start,
 * end and seal stay four-digit-year ISO strings, which the database compares as text.
 */
export interface CheckedFeed {
  feed: ImportedFeed;
  /** the contest's start, epoch ms: the contest event's start_time, else the state's started */
  start: number;
}

const MAX_SPAN_MS = L.maxDurationDays * 24 * 3600 * 1000;
const YEAR_START = Date.UTC(L.minYear, 0, 1);
const YEAR_END = Date.UTC(L.maxYear + 1, 0, 1);

type Data = Record<string, unknown>;

/** Where a field went wrong: for the message. */
interface Place {
  line: number;
  event: string;
}

const fieldError = (key: string, at: Place, field: string, extra: Record<string, string | number> = {}) =>
  badRequest(`contestLimits.${key}`, { line: at.line, event: at.event, field, ...extra });

const present = (v: unknown) => v !== undefined && v !== null;

/** A field that, when given, must be a finite number; throws the field's 400 otherwise. */
function checkNumber(data: Data, at: Place, field: string): void {
  const v = data[field];
  if (present(v) && !(typeof v === 'number' && Number.isFinite(v)))
    throw fieldError('feedBadNumber', at, field);
}

/** A RELTIME in ms (Infinity for absurdly many hours), or NaN when the value is not one. */
function relTimeOf(value: unknown): number {
  if (typeof value !== 'string') return Number.NaN;
  try {
    return parseRelTime(value);
  } catch {
    return Number.NaN;
  }
}

/** A RELTIME within the bounds (absolute value), in ms; throws the field's 400 otherwise. */
function relTime(value: unknown, at: Place, field: string): number {
  const ms = relTimeOf(value);
  if (!(Math.abs(ms) <= MAX_SPAN_MS)) throw fieldError('feedBadTime', at, field, { days: L.maxDurationDays });
  return ms;
}

/** A RELTIME that must lie in [min, max]: a bad format says so; a value out of range throws `rangeError()`. */
function relTimeIn(
  value: unknown,
  at: Place,
  field: string,
  range: { min: number; max: number; minExclusive?: boolean },
  rangeError: () => AppError,
): number {
  const ms = relTimeOf(value);
  if (Number.isNaN(ms)) throw fieldError('feedBadTime', at, field, { days: L.maxDurationDays });
  const aboveMin = range.minExclusive ? ms > range.min : ms >= range.min;
  if (!aboveMin || !(ms <= range.max)) throw rangeError();
  return ms;
}

/** A TIME (date and time) within the allowed years, in epoch ms. */
function absoluteTime(value: unknown, at: Place, field: string): number {
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (!Number.isFinite(ms) || ms < YEAR_START || ms >= YEAR_END) {
    throw fieldError('feedBadStart', at, field, { minYear: L.minYear, maxYear: L.maxYear });
  }
  return ms;
}

function checkContest(data: Data, at: Place): void {
  if (present(data.start_time)) absoluteTime(data.start_time, at, 'start_time');
  let duration: number | null = null;
  if (present(data.duration)) {
    duration = relTimeIn(
      data.duration,
      at,
      'duration',
      { min: 0, max: MAX_SPAN_MS, minExclusive: true },
      () => fieldError('feedBadDuration', at, 'duration', { days: L.maxDurationDays }),
    );
  }
  if (present(data.scoreboard_freeze_duration)) {
    const field = 'scoreboard_freeze_duration';
    relTimeIn(data[field], at, field, { min: 0, max: duration ?? MAX_SPAN_MS }, () =>
      fieldError('feedBadFreeze', at, field),
    );
  }
  const penalty = data.penalty_time;
  if (present(penalty)) {
    const max = L.maxPenaltyMinutes;
    const ok =
      typeof penalty === 'number'
        ? Number.isInteger(penalty) && penalty >= 0 && penalty <= max
        : relTimeOf(penalty) >= 0 && relTimeOf(penalty) <= max * 60_000;
    if (!ok) throw fieldError('feedBadPenalty', at, 'penalty_time', { max });
  }
}

/** The fields one event carries that the import reads, checked. */
function checkEvent(type: string, data: Data, at: Place): void {
  switch (type) {
    case 'contest':
      checkContest(data, at);
      break;
    case 'state':
      if (present(data.started)) absoluteTime(data.started, at, 'started');
      break;
    case 'submissions':
      if (present(data.contest_time)) relTime(data.contest_time, at, 'contest_time');
      break;
    case 'problems':
      checkNumber(data, at, 'ordinal');
      break;
    case 'judgements':
      // an OI board reads the score and breaks ties by the run time
      checkNumber(data, at, 'score');
      checkNumber(data, at, 'max_run_time');
      break;
    default:
      break;
  }
}

/** Reads and checks an uploaded feed; a 400 naming the line and field for anything the import cannot use. */
export function checkEventFeed(ndjson: string): CheckedFeed {
  let contest: { data: Data; at: Place } | null = null;
  let started: { ms: number } | null = null;
  const lines = ndjson.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.trim() === '') continue;
    let event: unknown;
    try {
      event = JSON.parse(line);
    } catch {
      throw badRequest('eventFeed.badLine', { line: i + 1 });
    }
    if (typeof event !== 'object' || event === null || Array.isArray(event)) {
      throw badRequest('eventFeed.badLine', { line: i + 1 });
    }
    const { type, id, data } = event as { type?: unknown; id?: unknown; data?: unknown };
    if (typeof type !== 'string' || (data !== null && (typeof data !== 'object' || Array.isArray(data)))) {
      throw badRequest('eventFeed.badLine', { line: i + 1 });
    }
    if (!data) continue;
    const d = data as Data;
    const key = typeof id === 'string' ? id : typeof d.id === 'string' ? d.id : null;
    const at: Place = { line: i + 1, event: key === null ? type : `${type} "${key}"` };
    checkEvent(type, d, at);
    // later events replace earlier ones, as readEventFeed reads them
    if (type === 'contest') contest = { data: d, at };
    if (type === 'state' && typeof d.started === 'string') started = { ms: Date.parse(d.started) };
  }
  if (!contest) throw badRequest('eventFeed.noContest');
  const { data, at } = contest;
  if (!present(data.duration)) throw fieldError('feedMissing', at, 'duration');
  const duration = relTimeOf(data.duration);
  const start = present(data.start_time) ? Date.parse(String(data.start_time)) : (started?.ms ?? null);
  if (start === null) throw fieldError('feedMissing', at, 'start_time');
  if (start + duration >= YEAR_END) {
    throw fieldError('feedEndsTooLate', at, 'duration', { maxYear: L.maxYear });
  }
  let feed: ImportedFeed;
  try {
    feed = readEventFeed(ndjson);
  } catch {
    // every time was checked above; kept so a reader change can never turn a feed into a 500
    throw badRequest('eventFeed.badTime');
  }
  return { feed, start };
}

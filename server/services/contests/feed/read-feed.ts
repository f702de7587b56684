import type {
  OiScoreMode,
  PenaltyMode,
  RankingInput,
  RankingParticipant,
  RankingSubmission,
  VerdictEffect,
} from '../ranking/types';
import { STAR_GROUP } from './feed-format';

/** A contest read from an ICPC Contest API event feed (NDJSON), ready for computeScoreboard. */
export interface ImportedFeed {
  name: string;
  startTime: string | null;
  durationMs: number;
  /** Start of the freeze (ms since start), or null when the feed has no freeze. */
  freezeTime: number | null;
  /** 'score' (the contest's scoreboard_type): an OI board of the judgements' scores; else an ICPC board */
  scoreboardType: 'pass-fail' | 'score';
  penaltyMinutes: number;
  /** how accept times count: ICPC minutes unless the feed says it was ranked in HOJ's seconds */
  penaltyMode: PenaltyMode;
  /** which score of a problem counts: the best one unless the feed says its latest */
  oiScoreMode: OiScoreMode;
  /** Problem display ids (labels) in ordinal order, and the feed's problem id of each. */
  problems: { label: string; feedId: string }[];
  teams: { uid: string; name: string; displayName: string | null }[];
  /** teams of the star group a Verdict export writes: unofficial, ranked -1 as on the board they came from */
  starUids: string[];
  verdicts: Record<string, VerdictEffect>;
  submissions: RankingSubmission[];
  /** first-to-solve-* awards the feed itself announces: problem label → team ids. */
  firstToSolve: Record<string, string[]>;
}

interface FeedEvent {
  type?: string;
  id?: string;
  data?: Record<string, unknown> | null;
}

/** Parses a RELTIME such as "1:02:03.456" or "-0:00:01" into milliseconds. */
export function parseRelTime(text: string): number {
  const m = /^(-)?(\d+):(\d{1,2}):(\d{1,2})(?:\.(\d{1,3}))?$/.exec(text.trim());
  if (!m) throw new Error(`Invalid contest time: ${text}`);
  const ms =
    ((Number(m[2]) * 60 + Number(m[3])) * 60 + Number(m[4])) * 1000 +
    (m[5] ? Number(m[5].padEnd(3, '0')) : 0);
  return m[1] ? -ms : ms;
}

/** penalty_time is an integer number of minutes (2023-06) or a RELTIME (draft). */
function penaltyMinutesOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return Math.floor(parseRelTime(value) / 60_000);
  return 20;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** A judgement as the board reads it. */
interface Judged {
  id: string;
  type: string | null;
  score: number | null;
  /** max_run_time in ms */
  runMs: number | null;
}

/**
 * Reads an event feed: later events replace earlier ones with the same type and id, `data: null` deletes, and
 * the last judgement of a submission wins (rejudges) unless it is marked `current: false`. A judgement without
 * a type, or a Judging Error, leaves the submission pending. Reads feeds of the 2023-06 Contest API and of the
 * drafts before it (a contest or state event with or without an id, `penalty_time` in minutes or as a RELTIME),
 * and the feeds earlier Verdict versions wrote (HOJ's status names as judgement types, with their flags).
 */
export function readEventFeed(ndjson: string): ImportedFeed {
  let contest: Record<string, unknown> = {};
  const judgementTypes = new Map<string, Record<string, unknown>>();
  const problems = new Map<string, Record<string, unknown>>();
  const teams = new Map<string, Record<string, unknown>>();
  const groups = new Map<string, Record<string, unknown>>();
  const submissions = new Map<string, Record<string, unknown>>();
  const judgementOf = new Map<string, Judged>();
  const judgementSubmission = new Map<string, string>();
  const awards = new Map<string, Record<string, unknown>>();
  const put = (
    map: Map<string, Record<string, unknown>>,
    id: string | undefined,
    data: FeedEvent['data'],
  ) => {
    const key = id ?? str(data?.id);
    if (key === null || key === undefined) return;
    if (data) map.set(key, data);
    else map.delete(key);
  };

  for (const line of ndjson.split('\n')) {
    if (line.trim() === '') continue;
    const e = JSON.parse(line) as FeedEvent;
    switch (e.type) {
      case 'contest':
        if (e.data) contest = e.data;
        break;
      case 'judgement-types':
        put(judgementTypes, e.id, e.data);
        break;
      case 'problems':
        put(problems, e.id, e.data);
        break;
      case 'teams':
        put(teams, e.id, e.data);
        break;
      case 'groups':
        put(groups, e.id, e.data);
        break;
      case 'submissions':
        put(submissions, e.id, e.data);
        break;
      case 'awards':
        put(awards, e.id, e.data);
        break;
      case 'judgements': {
        const id = e.id ?? str(e.data?.id);
        if (!id) break;
        if (!e.data) {
          const sid = judgementSubmission.get(id);
          if (sid && judgementOf.get(sid)?.id === id) judgementOf.delete(sid);
          break;
        }
        const sid = str(e.data.submission_id);
        if (!sid || e.data.current === false) break;
        judgementSubmission.set(id, sid);
        const runSeconds = num(e.data.max_run_time);
        judgementOf.set(sid, {
          id,
          type: str(e.data.judgement_type_id),
          score: num(e.data.score),
          runMs: runSeconds === null ? null : Math.round(runSeconds * 1000),
        });
        break;
      }
      default:
        break;
    }
  }

  const verdicts: Record<string, VerdictEffect> = {};
  for (const [id, t] of judgementTypes) {
    verdicts[id] = { penalty: t.penalty === true, solved: t.solved === true, pending: id === 'JE' };
  }
  const problemList = [...problems.values()]
    .map((p) => ({
      label: str(p.label) ?? String(p.id),
      feedId: String(p.id),
      ordinal: Number(p.ordinal ?? 0),
    }))
    .sort((a, b) => a.ordinal - b.ordinal || a.label.localeCompare(b.label));
  const labelOf = new Map(problemList.map((p) => [p.feedId, p.label]));
  const teamList = [...teams.values()]
    .filter((t) => t.hidden !== true)
    .map((t) => ({ uid: String(t.id), name: str(t.name) ?? String(t.id), displayName: str(t.display_name) }));
  const teamIds = new Set(teamList.map((t) => t.uid));
  const starUids = groups.has(STAR_GROUP)
    ? [...teams.values()]
        .filter(
          (t) => Array.isArray(t.group_ids) && t.group_ids.includes(STAR_GROUP) && teamIds.has(String(t.id)),
        )
        .map((t) => String(t.id))
    : [];

  const durationMs = typeof contest.duration === 'string' ? parseRelTime(contest.duration) : 0;
  const scored = contest.scoreboard_type === 'score';
  const freezeDuration =
    typeof contest.scoreboard_freeze_duration === 'string'
      ? parseRelTime(contest.scoreboard_freeze_duration)
      : 0;
  const runs: RankingSubmission[] = [];
  for (const [sid, sub] of submissions) {
    const teamId = str(sub.team_id);
    const label = labelOf.get(String(sub.problem_id));
    const contestTime = str(sub.contest_time);
    if (!teamId || !teamIds.has(teamId) || label === undefined || contestTime === null) continue;
    const time = parseRelTime(contestTime);
    if (time < 0) continue;
    const judged = judgementOf.get(sid);
    runs.push({
      uid: teamId,
      problem: label,
      time,
      verdict: judged?.type ?? null,
      ...(scored ? { score: judged?.score ?? null } : {}),
      ...(judged?.runMs != null ? { useTime: judged.runMs } : {}),
      afterContest: durationMs > 0 && time >= durationMs,
    });
  }

  const firstToSolve: Record<string, string[]> = {};
  for (const [id, award] of awards) {
    if (!id.startsWith('first-to-solve-')) continue;
    const label = labelOf.get(id.slice('first-to-solve-'.length));
    if (label !== undefined && Array.isArray(award.team_ids))
      firstToSolve[label] = award.team_ids.map(String);
  }

  return {
    name: str(contest.formal_name) ?? str(contest.name) ?? '',
    startTime: str(contest.start_time),
    durationMs,
    freezeTime: freezeDuration > 0 ? durationMs - freezeDuration : null,
    scoreboardType: scored ? 'score' : 'pass-fail',
    penaltyMinutes: penaltyMinutesOf(contest.penalty_time),
    // rules the Contest API cannot state, as a Verdict export writes them beside the standard fields
    penaltyMode: contest.penalty_mode === 'hoj-seconds' ? 'hoj-seconds' : 'icpc-minutes',
    oiScoreMode: contest.oi_rank_score_type === 'Recent' ? 'Recent' : 'Highest',
    problems: problemList.map(({ label, feedId }) => ({ label, feedId })),
    teams: teamList,
    starUids,
    verdicts,
    submissions: runs,
    firstToSolve,
  };
}

/**
 * The ranking input of an imported feed: teams are ordinary participants named by the feed's team names; a
 * pass-fail feed is an ACM board (ICPC minute rounding unless the feed says HOJ seconds) with the feed's penalty,
 * a score feed an OI board of the judgements' scores (ties by run times); both use the feed's judgement types and
 * its freeze (sealed or not for this viewer).
 */
export function feedToRankingInput(feed: ImportedFeed, options: { sealed: boolean }): RankingInput {
  const participants: RankingParticipant[] = feed.teams.map((t) => ({ uid: t.uid, name: t.name }));
  return {
    settings: {
      type: feed.scoreboardType === 'score' ? 'OI' : 'ACM',
      startTime: feed.startTime ?? undefined,
      sealRankTime: feed.freezeTime,
      sealed: options.sealed,
      penaltyMode: feed.penaltyMode,
      penaltyMinutes: feed.penaltyMinutes,
      oiScoreMode: feed.oiScoreMode,
      verdicts: feed.verdicts,
      starUids: feed.starUids,
      awards: { type: 'none' },
      includeAfterContest: false,
    },
    problems: feed.problems.map((p) => p.label),
    participants,
    submissions: feed.submissions,
  };
}

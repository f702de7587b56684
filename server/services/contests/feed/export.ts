import { ContestType } from '../../../../shared/constants/contests';
import { bool } from '../../../db/booleans';
import type { Db } from '../../../db/database';
import type { CurrentUser } from '../../auth/users';
import { nowIso } from '../../clock';
import { loadAdministeredContest } from '../admin-contests';
import type { ContestRow } from '../contest-store';
import { type ExportData, loadExportData } from './export-data';
import { eventLine, formatRelTime, formatSeconds, formatTime, hexColor, STAR_GROUP } from './feed-format';
import { feedLanguages } from './feed-languages';
import { storedEventFeed } from './imported';
import { FEED_JUDGEMENT_TYPES, feedJudgementTypeOf } from './judgement-types';

/** HOJ's penalty per counted rejected try, in minutes. */
const PENALTY_MINUTES = 20;

export interface ExportedFeed {
  fileName: string;
  feed: string;
}

/**
 * GET /api/admin/contest/event-feed: the contest as an ICPC Contest API (2023-06) event feed, for its admins. A
 * contest imported from a feed answers that feed unchanged; an ordinary contest, ACM or OI, is written from its
 * rows.
 */
export async function exportContestEventFeed(db: Db, user: CurrentUser, cid: number): Promise<ExportedFeed> {
  const contest = await loadAdministeredContest(db, user, cid);
  const fileName = `contest-${contest.id}-event-feed.ndjson`;
  const stored = await storedEventFeed(db, contest.id);
  if (stored !== null) return { fileName, feed: stored };
  return { fileName, feed: await buildEventFeed(db, contest) };
}

/**
 * Writes a contest as an event feed: every judge row of the contest is a submission with its judgement, every
 * participant a team, every clarification message a clarification (export-data.ts says who and which). An ACM
 * contest is a pass-fail board, an OI contest a score board whose judgements carry each run's score.
 */
export async function buildEventFeed(db: Db, contest: ContestRow, now: string = nowIso()): Promise<string> {
  return writeEventFeed(contest, await loadExportData(db, contest), now);
}

/** The times a feed states: the contest's start, end and seal, and what has happened by `now`. */
interface Clock {
  start: number;
  end: number;
  sealAt: number | null;
  now: number;
}

function contestEvent(contest: ContestRow, clock: Clock, scored: boolean): string {
  const { start, end, sealAt } = clock;
  const freeze = sealAt === null ? null : Math.min(Math.max(end - sealAt, 0), end - start);
  return eventLine('contest', null, {
    id: String(contest.id),
    name: contest.title,
    formal_name: contest.title,
    start_time: formatTime(contest.start_time),
    duration: formatRelTime(end - start),
    ...(freeze !== null ? { scoreboard_freeze_duration: formatRelTime(freeze) } : {}),
    // the Contest API has no field for these HOJ rules: an importer that does not know them ranks as ICPC does
    // (minutes, best score); Verdict's import reads them and rebuilds the same board
    ...(scored
      ? {
          scoreboard_type: 'score',
          oi_rank_score_type: contest.oi_rank_score_type === 'Highest' ? 'Highest' : 'Recent',
        }
      : {
          scoreboard_type: 'pass-fail',
          penalty_time: PENALTY_MINUTES,
          penalty_mode: contest.penalty_mode === 'icpc-minutes' ? 'icpc-minutes' : 'hoj-seconds',
        }),
  });
}

/** The state as of `now`; a board sealed after the end thaws only when the contest unseals itself then. */
function stateEvent(contest: ContestRow, clock: Clock): string {
  const { start, end, sealAt, now } = clock;
  const started = now >= start;
  const ended = now >= end;
  const frozen = sealAt !== null && now >= sealAt;
  const thawed = frozen && ended && bool(contest.auto_real_rank);
  const iso = (ms: number) => formatTime(new Date(ms).toISOString());
  return eventLine('state', null, {
    started: started ? iso(start) : null,
    frozen: frozen && sealAt !== null ? iso(sealAt) : null,
    ended: ended ? iso(end) : null,
    thawed: thawed ? iso(end) : null,
    finalized: ended && (sealAt === null || thawed) ? iso(end) : null,
    end_of_updates: null,
  });
}

/** The feed's lines for a contest and what loadExportData read of it. */
export function writeEventFeed(contest: ContestRow, data: ExportData, now: string): string {
  const scored = contest.type === ContestType.OI;
  const start = Date.parse(contest.start_time);
  const clock: Clock = {
    start,
    end: Date.parse(contest.end_time),
    sealAt: bool(contest.seal_rank) && contest.seal_rank_time ? Date.parse(contest.seal_rank_time) : null,
    now: Date.parse(now),
  };
  const lines: string[] = [contestEvent(contest, clock, scored)];

  for (const t of FEED_JUDGEMENT_TYPES) {
    // penalty belongs to pass-fail boards only (a score contest has no penalty_time)
    const type = scored ? { id: t.id, name: t.name, solved: t.solved } : { ...t };
    lines.push(eventLine('judgement-types', t.id, type));
  }

  const languages = feedLanguages(data.submissions.map((s) => s.language));
  const written = new Set<string>();
  for (const s of data.submissions) {
    const l = languages.get(s.language);
    if (!l || written.has(l.id)) continue;
    written.add(l.id);
    lines.push(
      eventLine('languages', l.id, {
        id: l.id,
        name: l.name,
        entry_point_required: l.entryPointName !== null,
        entry_point_name: l.entryPointName,
        extensions: l.extensions,
      }),
    );
  }

  data.problems.forEach((p, ordinal) => {
    const rgb = p.color ? hexColor(p.color) : null;
    lines.push(
      eventLine('problems', p.id, {
        id: p.id,
        label: p.label,
        name: p.name,
        ordinal,
        ...(p.color ? { color: p.color } : {}),
        ...(rgb ? { rgb } : {}),
        ...(p.timeLimitMs !== null && p.timeLimitMs >= 0 ? { time_limit: formatSeconds(p.timeLimitMs) } : {}),
        test_data_count: p.testDataCount,
        ...(scored ? { max_score: p.maxScore } : {}),
      }),
    );
  });

  lines.push(...teamEvents(data));
  lines.push(stateEvent(contest, clock));

  for (const s of data.submissions) {
    const submitted = Date.parse(s.submitTime);
    const entryPoint = s.javaClass ?? languages.get(s.language)?.entryPoint ?? null;
    lines.push(
      eventLine('submissions', s.id, {
        id: s.id,
        language_id: languages.get(s.language)?.id,
        problem_id: s.problemId,
        team_id: s.uid,
        time: formatTime(s.submitTime),
        contest_time: formatRelTime(submitted - start),
        // null says "none needed" (C and C++ must state it); Java names the class it runs, a script its file
        entry_point: entryPoint,
        files: [],
      }),
    );
    const typeId = feedJudgementTypeOf(s.status);
    const judged = Math.max(submitted, Date.parse(s.modifiedTime));
    lines.push(
      eventLine('judgements', s.id, {
        id: s.id,
        submission_id: s.id,
        ...(typeId !== null ? { judgement_type_id: typeId } : {}),
        ...(scored ? { score: typeId !== null ? Math.max(0, s.score ?? 0) : 0 } : {}),
        start_time: formatTime(s.submitTime),
        start_contest_time: formatRelTime(submitted - start),
        ...(typeId !== null
          ? {
              end_time: formatTime(new Date(judged).toISOString()),
              end_contest_time: formatRelTime(judged - start),
              ...(s.timeMs !== null && s.timeMs >= 0 ? { max_run_time: formatSeconds(s.timeMs) } : {}),
            }
          : {}),
      }),
    );
  }
  for (const c of data.clarifications) {
    lines.push(
      eventLine('clarifications', c.id, {
        id: c.id,
        from_team_id: c.fromTeamId,
        to_team_id: c.toTeamId,
        reply_to_id: c.replyToId,
        problem_id: c.problemId,
        text: c.text,
        time: formatTime(c.time),
        contest_time: formatRelTime(Date.parse(c.time) - start),
      }),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Groups (the star group), organizations (schools) and teams (participants, labelled by username). */
function teamEvents(data: ExportData): string[] {
  const lines: string[] = [];
  if (data.participants.some((p) => p.star)) {
    lines.push(eventLine('groups', STAR_GROUP, { id: STAR_GROUP, name: 'Unofficial (star)' }));
  }
  const organizationIds = new Map<string, string>();
  for (const p of data.participants) {
    if (!p.school || organizationIds.has(p.school)) continue;
    const id = String(organizationIds.size + 1);
    organizationIds.set(p.school, id);
    lines.push(eventLine('organizations', id, { id, name: p.school, formal_name: p.school }));
  }
  for (const p of data.participants) {
    const organization = p.school ? organizationIds.get(p.school) : undefined;
    lines.push(
      eventLine('teams', p.uid, {
        id: p.uid,
        // the label a scoreboard shows beside the name: the participant's username, unique on the site
        label: p.username,
        name: p.name,
        group_ids: p.star ? [STAR_GROUP] : [],
        ...(organization ? { organization_id: organization } : {}),
        hidden: false,
      }),
    );
  }
  return lines;
}

import type { AdminContestVO } from '@/shared/api/contest-types';
import {
  AwardType,
  CONTEST_GUARDS,
  ContestAuth,
  type ContestAuthValue,
  ContestType,
  type ContestTypeValue,
  type OiRankScoreType,
  type PenaltyModeValue,
  type RankShowName,
} from '@/shared/constants/contests';
import type { ContestForm } from '@/shared/schemas/contests';
import { fromLocalInput, toLocalInput } from './local-time';

export type AwardTypeValue = (typeof AwardType)[keyof typeof AwardType];

/** One award level as the form edits it; its priority is its place in the list. */
export interface AwardRow {
  name: string;
  /** a percentage of the ranked participants, or a number of them (by the award type) */
  num: number;
  background: string;
  color: string;
}

/**
 * Every setting of a contest as the form holds it: times as `datetime-local` values of the
 * browser's zone, the star users as text (one a line), optional texts as '' (sent as null).
 */
export interface ContestFormValues {
  title: string;
  description: string;
  type: ContestTypeValue;
  auth: ContestAuthValue;
  pwd: string;
  visible: boolean;
  startTime: string;
  endTime: string;
  sealRank: boolean;
  sealRankTime: string;
  autoRealRank: boolean;
  openRank: boolean;
  allowEndSubmit: boolean;
  openPrint: boolean;
  rankShowName: RankShowName;
  oiRankScoreType: OiRankScoreType;
  penaltyMode: PenaltyModeValue;
  awardType: AwardTypeValue;
  awardConfigList: AwardRow[];
  starAccount: string;
  submitBurst: number;
  submitRefillSeconds: number;
  shortName: string;
  subheading: string;
  sponsor: string;
  coOrganizer: string;
  organizer: string;
  backgroundImage: string;
  informedTitle: string;
  informed: string;
}

/** Gold, silver and bronze, then a plain colour: what a new award level starts with. */
const AWARD_COLOURS = [
  { background: '#f5c518', color: '#1f1f1f' },
  { background: '#c0c4cc', color: '#1f1f1f' },
  { background: '#cd7f32', color: '#ffffff' },
] as const;

/** A new award level: the next medal's colours; 10% or 1 participant. */
export function newAward(index: number, type: AwardTypeValue): AwardRow {
  const colours = AWARD_COLOURS[index] ?? { background: '#e5e7eb', color: '#1f1f1f' };
  return { name: '', num: type === AwardType.PERCENT ? 10 : 1, ...colours };
}

const HOUR = 3_600_000;

/** A new contest: public ACM, starting at the next full hour for 5 hours, the rest as the server's defaults. */
export function newContestValues(now: Date = new Date()): ContestFormValues {
  const start = new Date(now);
  start.setMinutes(0, 0, 0);
  start.setTime(start.getTime() + HOUR);
  return {
    title: '',
    description: '',
    type: ContestType.ACM,
    auth: ContestAuth.PUBLIC,
    pwd: '',
    visible: true,
    startTime: toLocalInput(start.toISOString()),
    endTime: toLocalInput(new Date(start.getTime() + 5 * HOUR).toISOString()),
    sealRank: false,
    sealRankTime: '',
    autoRealRank: true,
    openRank: false,
    allowEndSubmit: false,
    openPrint: false,
    rankShowName: 'username',
    oiRankScoreType: 'Recent',
    penaltyMode: 'hoj-seconds',
    awardType: AwardType.NONE,
    awardConfigList: [],
    starAccount: '',
    submitBurst: CONTEST_GUARDS.submitBurst.default,
    submitRefillSeconds: CONTEST_GUARDS.submitRefillSeconds.default,
    shortName: '',
    subheading: '',
    sponsor: '',
    coOrganizer: '',
    organizer: '',
    backgroundImage: '',
    informedTitle: '',
    informed: '',
  };
}

function awardTypeOf(n: number): AwardTypeValue {
  return n === AwardType.PERCENT || n === AwardType.COUNT ? n : AwardType.NONE;
}

/** A stored contest as the form opens it. */
export function contestValues(c: AdminContestVO): ContestFormValues {
  return {
    title: c.title,
    description: c.description,
    type: c.type,
    auth: c.auth,
    pwd: c.pwd ?? '',
    visible: c.visible,
    startTime: toLocalInput(c.startTime),
    endTime: toLocalInput(c.endTime),
    sealRank: c.sealRank,
    sealRankTime: toLocalInput(c.sealRankTime),
    autoRealRank: c.autoRealRank,
    openRank: c.openRank,
    allowEndSubmit: c.allowEndSubmit,
    openPrint: c.openPrint,
    rankShowName: c.rankShowName,
    oiRankScoreType: c.oiRankScoreType,
    penaltyMode: c.penaltyMode,
    awardType: awardTypeOf(c.awardType),
    awardConfigList: [...c.awardConfigList]
      .sort((a, b) => a.priority - b.priority)
      .map((a) => ({ name: a.name, num: a.num, background: a.background, color: a.color })),
    starAccount: c.starAccount.join('\n'),
    submitBurst: c.submitBurst,
    submitRefillSeconds: c.submitRefillSeconds,
    shortName: c.shortName ?? '',
    subheading: c.subheading ?? '',
    sponsor: c.sponsor ?? '',
    coOrganizer: c.coOrganizer ?? '',
    organizer: c.organizer ?? '',
    backgroundImage: c.backgroundImage ?? '',
    informedTitle: c.informedTitle ?? '',
    informed: c.informed ?? '',
  };
}

/** Usernames from the star field: one a line or separated by commas, trimmed, each once. */
export function parseStarAccounts(text: string): string[] {
  const names = text
    .split(/[\n,，]/)
    .map((s) => s.trim())
    .filter(Boolean);
  return [...new Set(names)];
}

const orNull = (s: string) => (s.trim() ? s.trim() : null);

/** The request body of a create or update (HOJ's AdminContestVO fields); the server computes the duration. */
export function toContestBody(v: ContestFormValues): ContestForm {
  const awards = v.awardType === AwardType.NONE ? [] : v.awardConfigList;
  return {
    title: v.title,
    description: v.description,
    type: v.type,
    auth: v.auth,
    pwd: v.auth === ContestAuth.PUBLIC ? null : orNull(v.pwd),
    visible: v.visible,
    startTime: fromLocalInput(v.startTime),
    endTime: fromLocalInput(v.endTime),
    sealRank: v.sealRank,
    sealRankTime: v.sealRank ? fromLocalInput(v.sealRankTime) || null : null,
    autoRealRank: v.autoRealRank,
    openRank: v.openRank,
    allowEndSubmit: v.allowEndSubmit,
    openPrint: v.openPrint,
    rankShowName: v.rankShowName,
    oiRankScoreType: v.oiRankScoreType,
    penaltyMode: v.penaltyMode,
    awardType: v.awardType,
    awardConfigList: awards.map((a, i) => ({
      priority: i + 1,
      name: a.name,
      num: a.num,
      background: a.background,
      color: a.color,
    })),
    starAccount: parseStarAccounts(v.starAccount),
    submitBurst: v.submitBurst,
    submitRefillSeconds: v.submitRefillSeconds,
    shortName: orNull(v.shortName),
    subheading: orNull(v.subheading),
    sponsor: orNull(v.sponsor),
    coOrganizer: orNull(v.coOrganizer),
    organizer: orNull(v.organizer),
    backgroundImage: orNull(v.backgroundImage),
    informedTitle: orNull(v.informedTitle),
    informed: orNull(v.informed),
  };
}

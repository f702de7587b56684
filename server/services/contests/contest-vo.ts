import type {
  AdminContestListItem,
  AdminContestVO,
  ContestAward,
  ContestVO,
} from '../../../shared/api/contest-types';
import type {
  ContestAuthValue,
  ContestTypeValue,
  OiRankScoreType,
  PenaltyModeValue,
  RankShowName,
} from '../../../shared/constants/contests';
import { bool } from '../../db/booleans';
import type { ContestRow } from './contest-store';
import { contestStatus } from './status';

/** A JSON list column (star accounts, award levels); anything else reads as empty. */
export function parseList<T>(text: string): T[] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? (v as T[]) : [];
  } catch {
    return [];
  }
}

/** What participants see: never the password, the star list or the award settings. */
export function toContestVo(row: ContestRow, now: string, count: number): ContestVO {
  return {
    id: row.id,
    author: row.author,
    uid: row.uid,
    title: row.title,
    type: row.type as ContestTypeValue,
    description: row.description,
    status: contestStatus(row, now),
    source: row.source,
    auth: row.auth as ContestAuthValue,
    now,
    startTime: row.start_time,
    endTime: row.end_time,
    duration: row.duration,
    sealRank: bool(row.seal_rank),
    sealRankTime: row.seal_rank_time,
    autoRealRank: bool(row.auto_real_rank),
    openPrint: bool(row.open_print),
    openRank: bool(row.open_rank),
    rankShowName: row.rank_show_name as RankShowName,
    oiRankScoreType: row.oi_rank_score_type as OiRankScoreType,
    penaltyMode: row.penalty_mode as PenaltyModeValue,
    allowEndSubmit: bool(row.allow_end_submit),
    informedTitle: row.informed_title,
    informed: row.informed,
    count,
    gid: row.gid,
  };
}

export function toAdminListItem(row: ContestRow, now: string, count: number): AdminContestListItem {
  return { ...toContestVo(row, now, count), visible: bool(row.visible) };
}

/** Everything, for the contest's admins (HOJ's AdminContestVO, password included). */
export function toAdminContestVo(row: ContestRow, now: string, count: number): AdminContestVO {
  return {
    ...toContestVo(row, now, count),
    pwd: row.pwd,
    visible: bool(row.visible),
    starAccount: parseList<string>(row.star_account),
    awardType: row.award_type,
    awardConfigList: parseList<ContestAward>(row.award_config),
    shortName: row.short_name,
    subheading: row.subheading,
    sponsor: row.sponsor,
    coOrganizer: row.co_organizer,
    organizer: row.organizer,
    backgroundImage: row.background_image,
    submitBurst: row.submit_burst,
    submitRefillSeconds: row.submit_refill_seconds,
    gmtCreate: row.gmt_create,
    gmtModified: row.gmt_modified,
  };
}

import type { ContestVO } from '@/shared/api/contest-types';
import type { UserInfo } from '@/shared/api/types';
import {
  ContestAuth,
  ContestStatus,
  type ContestStatusValue,
  ContestType,
} from '@/shared/constants/contests';
import { isRootRoleList } from '@/shared/constants/roles';

/** A contest's admins are its author and super admins, as on the server (group admins arrive with groups). */
export function isContestAdminUser(
  user: UserInfo | null | undefined,
  contest: Pick<ContestVO, 'uid'>,
): boolean {
  return !!user && (isRootRoleList(user.roleList ?? []) || user.uid === contest.uid);
}

export function isSuperAdmin(user: UserInfo | null | undefined): boolean {
  return !!user && isRootRoleList(user.roleList ?? []);
}

/**
 * Submitting is disabled when the contest has ended (unless it allows end submissions), when it is
 * scheduled (unless the user is its admin), and when not logged in.
 */
export function canSubmitNow(
  contest: Pick<ContestVO, 'allowEndSubmit'>,
  status: ContestStatusValue,
  loggedIn: boolean,
  admin: boolean,
): boolean {
  if (!loggedIn) return false;
  if (status === ContestStatus.ENDED) return contest.allowEndSubmit || admin;
  if (status === ContestStatus.SCHEDULED) return admin;
  return true;
}

/**
 * An OI contest's results are hidden from this caller while its board is sealed (from the seal time to the
 * end, and after it until unsealed); its admins always see them.
 */
export function resultsHidden(
  contest: Pick<ContestVO, 'type' | 'sealRank' | 'sealRankTime' | 'endTime' | 'autoRealRank'>,
  now: number,
  admin: boolean,
): boolean {
  if (admin || contest.type !== ContestType.OI || !contest.sealRank || !contest.sealRankTime) return false;
  if (now < Date.parse(contest.sealRankTime)) return false;
  return now < Date.parse(contest.endTime) || !contest.autoRealRank;
}

/** The register form shows for non-public contests when the user is not in and not an admin. */
export function needsRegistration(
  contest: Pick<ContestVO, 'auth'>,
  access: boolean,
  admin: boolean,
): boolean {
  return contest.auth !== ContestAuth.PUBLIC && !access && !admin;
}

/** The tabs of the contest shell and who sees each. */
export type ContestTab =
  | 'overview'
  | 'problems'
  | 'submissions'
  | 'rank'
  | 'announcements'
  | 'clarifications'
  | 'comment'
  | 'print'
  | 'ac-info'
  | 'admin-print'
  | 'rejudge'
  | 'scroll-board';

export function visibleTabs(
  contest: Pick<ContestVO, 'type' | 'openPrint'>,
  options: { admin: boolean; superAdmin: boolean; commentsOpen: boolean },
): ContestTab[] {
  const tabs: ContestTab[] = [
    'overview',
    'problems',
    'submissions',
    'rank',
    'announcements',
    'clarifications',
  ];
  const acm = contest.type === ContestType.ACM;
  if (options.commentsOpen) tabs.push('comment');
  if (contest.openPrint) tabs.push('print');
  if (options.admin && acm) tabs.push('ac-info');
  if (options.admin) tabs.push('admin-print');
  if (options.superAdmin) tabs.push('rejudge');
  if (options.admin && acm) tabs.push('scroll-board');
  return tabs;
}

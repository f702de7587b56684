import { useOutletContext } from 'react-router';
import type { GroupDetail } from '@/shared/api/group-types';
import type { GroupStanding } from './lib';

/** What the group's tabs share: the group, the caller and what they may do in it. */
export interface GroupContextValue {
  group: GroupDetail;
  gid: number;
  /** the logged-in caller's uid, null for visitors */
  uid: string | null;
  standing: GroupStanding;
  /** may the caller see the group's content (the server's get-group-access) */
  access: boolean;
  /** the caller's answers arrived (visitors: at once) */
  accessKnown: boolean;
}

export function useGroupContext(): GroupContextValue {
  return useOutletContext<GroupContextValue>();
}

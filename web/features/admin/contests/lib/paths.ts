/** Where the console's contest screens live. */
export const CONTEST_LIST_PATH = '/admin/contest';
export type ContestScreenName = 'edit' | 'problem' | 'announcement' | 'problem/create';
export const contestPath = (cid: number, screen: ContestScreenName) =>
  `${CONTEST_LIST_PATH}/${cid}/${screen}`;

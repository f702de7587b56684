/** Where the console's contest screens live. */
export const CONTEST_LIST_PATH = '/admin/contest';
export const contestPath = (cid: number, screen: 'edit' | 'problem' | 'announcement' | 'problem/create') =>
  `${CONTEST_LIST_PATH}/${cid}/${screen}`;

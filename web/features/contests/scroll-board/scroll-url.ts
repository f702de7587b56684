/** The scroll board's own window: /scrollBoard?cid=&removeStar=&medals[]=gold&medals[]=silver&medals[]=bronze */
export function scrollBoardUrl(cid: number, removeStar: boolean, medals: readonly number[]): string {
  const parts = [`cid=${cid}`, `removeStar=${removeStar}`, ...medals.map((m) => `medals[]=${m}`)];
  return `/scrollBoard?${parts.join('&')}`;
}

export interface ScrollBoardParams {
  cid: number;
  removeStar: boolean;
  medals: { gold: number; silver: number; bronze: number };
}

/** Reads the board's URL; null without a valid cid. Missing or bad medal counts are 0. */
export function parseScrollBoardParams(search: string): ScrollBoardParams | null {
  const q = new URLSearchParams(search);
  const cid = Number(q.get('cid'));
  if (!Number.isInteger(cid) || cid <= 0) return null;
  const medals = q.getAll('medals[]').map((v) => {
    const n = Number(v);
    return Number.isInteger(n) && n >= 0 ? n : 0;
  });
  return {
    cid,
    removeStar: q.get('removeStar') === 'true',
    medals: { gold: medals[0] ?? 0, silver: medals[1] ?? 0, bronze: medals[2] ?? 0 },
  };
}

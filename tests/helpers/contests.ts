import type { ContestForm } from '../../shared/schemas/contests';
import type { TestClient } from './api';

/** An ISO time `offset` ms from now. */
export const at = (offset: number) => new Date(Date.now() + offset).toISOString();

/**
 * An ACM contest made by `admin` from `from` ms (relative to now) for `length` ms, with the given
 * problems linked under display ids A, B, …; `overrides` changes any other setting.
 */
export async function createContest(
  admin: TestClient,
  problemIds: number[],
  options: { title: string; from: number; length: number; overrides?: Partial<ContestForm> },
): Promise<number> {
  const c = await admin.api.adminAddContest({
    title: options.title,
    description: '',
    type: 0,
    auth: 0,
    startTime: at(options.from),
    endTime: at(options.from + options.length),
    ...options.overrides,
  });
  for (const [i, pid] of problemIds.entries()) {
    await admin.api.adminAddContestProblemFromPublic({
      cid: c.id,
      pid,
      displayId: String.fromCharCode(65 + i),
    });
  }
  return c.id;
}

import { CLARIFICATION_LIMITS } from '../../../shared/constants/clarifications';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { AppError } from '../errors';
import { countRequest } from '../site/rate-window';

/**
 * How often one user may write clarifications: fixed windows of `rate_window` counted with one atomic
 * upsert (the limiter of comments and discussions), so parallel requests on any replica cannot pass
 * the limit. Counted last, right before the message is written, so a refused request costs nothing.
 */
async function assertQuota(
  db: Db,
  key: string,
  quota: { max: number; windowSeconds: number },
  message: string,
): Promise<void> {
  const used = await countRequest(db, key, quota.windowSeconds);
  if (used.count > quota.max) {
    const minutes = Math.max(1, Math.ceil(used.resetSeconds / 60));
    throw new AppError(
      429,
      message,
      { max: quota.max, windowMinutes: quota.windowSeconds / 60, minutes },
      { seconds: used.resetSeconds },
    );
  }
}

/** Questions: CLARIFICATION_LIMITS.ask per user, in whatever contest. */
export function assertMayAsk(db: Db, user: CurrentUser): Promise<void> {
  return assertQuota(
    db,
    `clarification-ask:${user.uid}`,
    CLARIFICATION_LIMITS.ask,
    'clarification.tooManyQuestions',
  );
}

/** Answers and clarifications to everyone: CLARIFICATION_LIMITS.jury per contest admin. */
export function assertMayWriteForJury(db: Db, user: CurrentUser): Promise<void> {
  return assertQuota(
    db,
    `clarification-jury:${user.uid}`,
    CLARIFICATION_LIMITS.jury,
    'clarification.tooManyAnswers',
  );
}

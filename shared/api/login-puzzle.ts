import { ACCOUNT } from '../constants/accounts';
import type { LoginBody } from '../schemas/forms';
import type { LoginPuzzle, LoginRefusal } from './account-types';
import { ApiError } from './client';

/**
 * The slide puzzle of POST /api/login (docs/security.md, Accounts and passwords), as every login form
 * (the web app's dialog, the extension's popup) asks for it: one rule for when it shows and one
 * request shape, so the forms cannot drift apart.
 */

/** The puzzle fields a login carries (puzzleKey from GET /api/get-login-puzzle, puzzleX the piece's left edge). */
export type PuzzleAnswer = Pick<LoginBody, 'puzzleKey' | 'puzzleX'>;

/**
 * Whether the next try needs a solved puzzle after a refused one: the server said so
 * (data.needPuzzle), or the failures counted here reached the server's threshold (an answer without
 * the flag, e.g. a network error, still leaves the server counting).
 */
export function loginNeedsPuzzle(error: unknown, failures: number): boolean {
  const refusal = error instanceof ApiError ? (error.data as LoginRefusal | null) : null;
  return !!refusal?.needPuzzle || failures >= ACCOUNT.puzzleAfterFailures;
}

/**
 * What a login sends for the puzzle: nothing while none is asked for; null when one is asked for
 * and not solved yet (the try is not sent: the server would refuse it and count a failure).
 */
export function puzzleAnswer(
  needed: boolean,
  puzzle: LoginPuzzle | undefined,
  x: number | null,
): PuzzleAnswer | null {
  if (!needed) return {};
  if (x === null || !puzzle) return null;
  return { puzzleKey: puzzle.puzzleKey, puzzleX: x };
}

import type { LoginPuzzle } from '../../../shared/api/account-types';
import { ACCOUNT } from '../../../shared/constants/accounts';
import type { Db } from '../../db/database';
import { isoAfter, nowIso } from '../clock';
import { enforceQuota } from '../site/rate-window';
import { randomToken } from './codes';
import { drawPuzzle } from './puzzle-image';

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

export async function createLoginPuzzle(db: Db, ip: string): Promise<LoginPuzzle> {
  await enforceQuota(db, `ip:login-puzzle:${ip}`, ACCOUNT.ipQuota.loginPuzzle);
  const images = drawPuzzle();
  const puzzleKey = randomToken();
  await db.kysely.deleteFrom('login_puzzle').where('expires_at', '<', nowIso()).execute();
  await db.kysely
    .insertInto('login_puzzle')
    .values({
      puzzle_key: puzzleKey,
      solution_x: images.x,
      expires_at: isoAfter(ACCOUNT.puzzleTtlSeconds * 1000),
    })
    .execute();
  return {
    puzzleKey,
    background: dataUrl(images.background),
    piece: dataUrl(images.piece),
    width: ACCOUNT.puzzleWidth,
    height: ACCOUNT.puzzleHeight,
    pieceWidth: images.pieceWidth,
    expire: ACCOUNT.puzzleTtlSeconds,
  };
}

/** Uses the puzzle up, right or wrong: true when x is within 3 px of the solution. */
export async function solveLoginPuzzle(db: Db, puzzleKey: string, x: number): Promise<boolean> {
  const row = await db.kysely
    .deleteFrom('login_puzzle')
    .where('puzzle_key', '=', puzzleKey)
    .where('expires_at', '>', nowIso())
    .returning('solution_x')
    .executeTakeFirst();
  return !!row && Math.abs(x - row.solution_x) <= ACCOUNT.puzzleAccuracy;
}

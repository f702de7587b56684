import { PNG } from 'pngjs';
import type { LoginPuzzle } from '../../shared/api/account-types';
import type { TestServer } from './server';

/**
 * Solves the arithmetic captcha the way a test may: the answer is kept as an HMAC in the
 * database, and the answers of the questions the server asks are few (0..100).
 */
export async function solveCaptcha(server: TestServer, captchaKey: string): Promise<string> {
  const { db, hasher } = server.server.ctx;
  const row = await db.kysely
    .selectFrom('captcha')
    .select('answer_hash')
    .where('captcha_key', '=', captchaKey)
    .executeTakeFirstOrThrow();
  for (let n = 0; n <= 100; n++) {
    if (hasher.matches(row.answer_hash, 'captcha', captchaKey, String(n))) return String(n);
  }
  throw new Error('captcha answer not in 0..100');
}

function decode(dataUrl: string): PNG {
  return PNG.sync.read(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
}

/**
 * Finds where the piece fits from the two images alone, as a person does by eye: the cut-out is
 * the piece's own pixels darkened, so the best x is where the background under the piece's inner
 * pixels is closest to 0.4 x the piece.
 */
export function solvePuzzle(puzzle: LoginPuzzle): number {
  return locatePiece(decode(puzzle.background), decode(puzzle.piece));
}

export interface Pixels {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel */
  data: ArrayLike<number>;
}

/** The x where the piece fits the cut-out of the background (used by API and browser tests). */
export function locatePiece(bg: Pixels, piece: Pixels): number {
  const opaque = (x: number, y: number) =>
    x >= 0 &&
    y >= 0 &&
    x < piece.width &&
    y < piece.height &&
    piece.data[(y * piece.width + x) * 4 + 3] === 255;
  const inner: [number, number][] = [];
  for (let y = 0; y < piece.height; y++)
    for (let x = 0; x < piece.width; x++)
      if ([-1, 0, 1].every((dy) => [-1, 0, 1].every((dx) => opaque(x + dx, y + dy)))) inner.push([x, y]);
  let best = 0;
  let bestError = Number.POSITIVE_INFINITY;
  for (let x0 = 0; x0 + piece.width <= bg.width; x0++) {
    let error = 0;
    for (const [x, y] of inner) {
      const p = (y * piece.width + x) * 4;
      const b = (y * bg.width + x0 + x) * 4;
      for (let c = 0; c < 3; c++) error += Math.abs(bg.data[b + c] - 0.4 * piece.data[p + c]);
    }
    if (error < bestError) [best, bestError] = [x0, error];
  }
  return best;
}

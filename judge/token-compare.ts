/**
 * The Kattis default output validator (docs/judge.md, Output judging with validator flags), streaming:
 * both outputs are read in chunks and compared token by token, so neither has to fit in memory (only
 * one token of the expected output is held at a time; the contestant's token is kept only as far as it
 * matters).
 *
 *  - tokens are separated by whitespace (space, TAB, LF, VT, FF, CR); the counts must match;
 *  - case-insensitive (ASCII letters) unless `case_sensitive`;
 *  - `space_change_sensitive`: every whitespace run must be identical, leading and trailing too;
 *  - tolerances apply when the expected token is a finite decimal number (an integer counts);
 *    the contestant's token must then be a number within the absolute OR the relative tolerance.
 *    inf/nan/hex are not numbers here: they compare as strings (problemtools' rule).
 *
 * Messages never quote the data (case messages may be shown to contestants).
 */
import { readChunks } from './safe-files';
import type { ValidatorFlags } from './validator-flags';

export interface TokenVerdict {
  ok: boolean;
  message: string | null;
}

type Chunks = AsyncIterable<Buffer> | Iterable<Buffer>;

const SPACE = new Uint8Array(256);
for (const c of [0x20, 0x09, 0x0a, 0x0b, 0x0c, 0x0d]) SPACE[c] = 1;

/** Longest contestant token parsed as a number. */
const MAX_FLOAT_TOKEN = 4096;
const FLOAT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function asFloat(token: Buffer): number | null {
  if (token.length > MAX_FLOAT_TOKEN) return null;
  const text = token.toString('latin1');
  if (!FLOAT.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** ASCII case-insensitive equality (strcasecmp in the C locale), without copying. */
function equalIgnoringCase(a: Buffer, b: Buffer): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    let x = a[i];
    let y = b[i];
    if (x === y) continue;
    if (x >= 0x41 && x <= 0x5a) x |= 0x20;
    if (y >= 0x41 && y <= 0x5a) y |= 0x20;
    if (x !== y) return false;
  }
  return true;
}

/** A read position in a chunk stream; synchronous within a chunk, awaits only at boundaries. */
class Cursor {
  private buf: Buffer = Buffer.alloc(0);
  private pos = 0;
  private done = false;
  private readonly it: AsyncIterator<Buffer> | Iterator<Buffer>;

  constructor(source: Chunks) {
    this.it =
      Symbol.asyncIterator in source
        ? (source as AsyncIterable<Buffer>)[Symbol.asyncIterator]()
        : (source as Iterable<Buffer>)[Symbol.iterator]();
  }

  /** false at end of input; awaits only when the current chunk is used up */
  ready(): boolean | Promise<boolean> {
    return this.pos < this.buf.length || this.refill();
  }

  private async refill(): Promise<boolean> {
    while (this.pos >= this.buf.length) {
      if (this.done) return false;
      const r = await this.it.next();
      if (r.done) {
        this.done = true;
        return false;
      }
      this.buf = r.value;
      this.pos = 0;
    }
    return true;
  }

  /** next byte without consuming it, -1 at end */
  async peek(): Promise<number> {
    if (this.pos < this.buf.length) return this.buf[this.pos];
    return (await this.refill()) ? this.buf[this.pos] : -1;
  }

  async next(): Promise<number> {
    if (this.pos < this.buf.length) return this.buf[this.pos++];
    return (await this.refill()) ? this.buf[this.pos++] : -1;
  }

  /** Skips whitespace within the current chunk; false when the chunk ran out (use skipSpace). */
  trySkipSpace(): boolean {
    const buf = this.buf;
    while (this.pos < buf.length && SPACE[buf[this.pos]]) this.pos++;
    return this.pos < buf.length;
  }

  /** A token that ends inside the current chunk (undefined: use token(); nothing consumed). */
  tryToken(keep: number): { bytes: Buffer; length: number } | undefined {
    const buf = this.buf;
    let end = this.pos;
    while (end < buf.length && !SPACE[buf[end]]) end++;
    if (end >= buf.length || end === this.pos) return undefined;
    const length = end - this.pos;
    const bytes = buf.subarray(this.pos, this.pos + Math.min(length, keep));
    this.pos = end;
    return { bytes, length };
  }

  async skipSpace(): Promise<void> {
    for (;;) {
      while (this.pos < this.buf.length && SPACE[this.buf[this.pos]]) this.pos++;
      if (this.pos < this.buf.length || !(await this.refill())) return;
    }
  }

  /** Reads a whole token (at a non-space byte, or null at end); keeps at most `keep` bytes. */
  async token(keep: number): Promise<{ bytes: Buffer; length: number } | null> {
    if (!(await this.ready())) return null;
    const parts: Buffer[] = [];
    let kept = 0;
    let length = 0;
    for (;;) {
      const start = this.pos;
      const buf = this.buf;
      while (this.pos < buf.length && !SPACE[buf[this.pos]]) this.pos++;
      const n = this.pos - start;
      length += n;
      let fromThisChunk = false;
      if (kept < keep && n > 0) {
        const take = Math.min(n, keep - kept);
        parts.push(buf.subarray(start, start + take));
        kept += take;
        fromThisChunk = true;
      }
      if (this.pos < buf.length || !(await this.refill())) break;
      // the chunk is being replaced: keep a copy of what was taken from it
      if (fromThisChunk) parts[parts.length - 1] = Buffer.from(parts[parts.length - 1]);
    }
    return { bytes: parts.length === 1 ? parts[0] : Buffer.concat(parts), length };
  }

  async close(): Promise<void> {
    await this.it.return?.();
  }
}

function tokensEqual(
  expected: Buffer,
  user: { bytes: Buffer; length: number },
  caseSensitive: boolean,
): boolean {
  if (user.length !== expected.length) return false;
  return caseSensitive ? expected.equals(user.bytes) : equalIgnoringCase(expected, user.bytes);
}

function withinTolerance(expected: number, got: number, flags: ValidatorFlags): boolean {
  const diff = Math.abs(expected - got);
  if (flags.absoluteTolerance !== null && diff <= flags.absoluteTolerance) return true;
  return flags.relativeTolerance !== null && diff <= flags.relativeTolerance * Math.abs(expected);
}

async function compare(judge: Cursor, team: Cursor, flags: ValidatorFlags): Promise<TokenVerdict> {
  const wrong = (message: string): TokenVerdict => ({ ok: false, message: `wrong answer: ${message}` });
  const tolerant = flags.absoluteTolerance !== null || flags.relativeTolerance !== null;
  for (let n = 1; ; n++) {
    if (flags.spaceChangeSensitive) {
      for (let c = await judge.peek(); c >= 0 && SPACE[c]; c = await judge.peek()) {
        await judge.next();
        if ((await team.next()) !== c) return wrong(`whitespace differs before token ${n}`);
      }
      const d = await team.peek();
      if (d >= 0 && SPACE[d]) return wrong(`whitespace differs before token ${n}`);
    } else {
      if (!judge.trySkipSpace()) await judge.skipSpace();
      if (!team.trySkipSpace()) await team.skipSpace();
    }
    // Tokens taken from the current chunk are used before either cursor moves to another chunk.
    const expected =
      judge.tryToken(Number.POSITIVE_INFINITY) ?? (await judge.token(Number.POSITIVE_INFINITY));
    if (!expected) break;
    const expectedFloat = tolerant ? asFloat(expected.bytes) : null;
    const keep = expectedFloat !== null ? MAX_FLOAT_TOKEN + 1 : expected.length + 1;
    const got = team.tryToken(keep) ?? (await team.token(keep));
    if (!got) return wrong(`output ended early (after ${n - 1} tokens)`);
    if (expectedFloat !== null) {
      const value = got.length > MAX_FLOAT_TOKEN ? null : asFloat(got.bytes);
      if (value === null) return wrong(`token ${n}: expected a number`);
      if (!withinTolerance(expectedFloat, value, flags)) return wrong(`token ${n}: number out of tolerance`);
    } else if (!tokensEqual(expected.bytes, got, flags.caseSensitive)) {
      return wrong(`token ${n} differs`);
    }
  }
  await team.skipSpace();
  if (await team.ready()) return wrong('trailing output');
  return { ok: true, message: null };
}

export async function compareTokens(
  user: Chunks,
  expected: Chunks,
  flags: ValidatorFlags,
): Promise<TokenVerdict> {
  const judge = new Cursor(expected);
  const team = new Cursor(user);
  try {
    return await compare(judge, team, flags);
  } finally {
    await judge.close();
    await team.close();
  }
}

/** Files are opened with O_NOFOLLOW (see safe-files.ts). */
export function compareTokenFiles(
  userPath: string,
  expectedPath: string,
  flags: ValidatorFlags,
): Promise<TokenVerdict> {
  return compareTokens(readChunks(userPath), readChunks(expectedPath), flags);
}

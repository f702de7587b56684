/**
 * Output comparison, HOJ's rules (docs/judge.md, Limits and verdicts):
 *  - removeEndBlank: compare after rtrim (trailing whitespace of the whole text removed, then
 *    spaces/tabs/CR before every newline removed); a mismatch is WA (no PE in this mode);
 *  - otherwise: identical bytes → AC; identical once ALL whitespace is removed → PE; else WA.
 * Works on chunk streams so expected outputs of any size never have to fit in memory.
 */
import { readChunks } from './safe-files';

export type CompareOutcome = 'AC' | 'PE' | 'WA';

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const VT = 0x0b;
const FF = 0x0c;
const CR = 0x0d;

/** 1: blank (space, tab, CR, VT, FF), 2: newline */
const CLASS = new Uint8Array(256);
for (const c of [SPACE, TAB, CR, VT, FF]) CLASS[c] = 1;
CLASS[LF] = 2;

function isBlank(b: number): boolean {
  return CLASS[b] === 1;
}

function isWhitespace(b: number): boolean {
  return CLASS[b] !== 0;
}

/** A chunk transform: push() returns what is final so far, end() what remains at EOF. */
export interface ChunkTransform {
  push(chunk: Buffer): Buffer;
  end(): Buffer;
}

/**
 * rtrim as a stream: a run of whitespace is held back until the next visible byte shows whether
 * it was trailing. Of a held run, every line-end keeps only its newline; the blanks after the
 * last newline stay (they are inside a line). At EOF the held run is dropped.
 */
export function rtrimTransform(): ChunkTransform {
  let newlines = 0;
  let tail: Buffer[] = []; // blanks after the last held newline
  let tailLen = 0;
  return {
    push(chunk) {
      const out = Buffer.allocUnsafe(newlines + tailLen + chunk.length);
      let n = 0;
      let i = 0;
      const len = chunk.length;
      while (i < len) {
        const c = chunk[i];
        if (c === LF) {
          newlines++;
          tail = [];
          tailLen = 0;
          i++;
        } else if (isBlank(c)) {
          let j = i + 1;
          while (j < len && isBlank(chunk[j])) j++;
          tail.push(chunk.subarray(i, j));
          tailLen += j - i;
          i = j;
        } else {
          // a visible byte: the held run was inside the text, so it is emitted (normalised)
          if (newlines > 0) {
            out.fill(LF, n, n + newlines);
            n += newlines;
            newlines = 0;
          }
          for (const t of tail) n += t.copy(out, n);
          tail = [];
          tailLen = 0;
          // copy up to the next line end, taking blanks along when visible text follows them
          let j = i + 1;
          for (;;) {
            while (j < len && !isWhitespace(chunk[j])) j++;
            let k = j;
            while (k < len && isBlank(chunk[k])) k++;
            if (k > j && k < len && chunk[k] !== LF) j = k;
            else break;
          }
          n += chunk.copy(out, n, i, j);
          i = j;
        }
      }
      // detach held blanks from a chunk buffer the caller may reuse
      if (tailLen > 0) tail = [Buffer.from(Buffer.concat(tail))];
      return out.subarray(0, n);
    },
    end() {
      newlines = 0;
      tail = [];
      tailLen = 0;
      return Buffer.alloc(0);
    },
  };
}

export function stripAllWhitespaceTransform(): ChunkTransform {
  return {
    push(chunk) {
      const out = Buffer.allocUnsafe(chunk.length);
      let n = 0;
      for (let i = 0; i < chunk.length; i++) {
        const b = chunk[i];
        if (!isWhitespace(b)) out[n++] = b;
      }
      return out.subarray(0, n);
    },
    end: () => Buffer.alloc(0),
  };
}

export function identityTransform(): ChunkTransform {
  return { push: (chunk) => chunk, end: () => Buffer.alloc(0) };
}

type Chunks = AsyncIterable<Buffer> | Iterable<Buffer>;

async function* transformed(source: Chunks, t: ChunkTransform): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    const out = t.push(chunk);
    if (out.length) yield out;
  }
  const rest = t.end();
  if (rest.length) yield rest;
}

/** Byte equality of two chunk streams with arbitrary, unaligned chunk boundaries. */
export async function streamsEqual(a: AsyncIterable<Buffer>, b: AsyncIterable<Buffer>): Promise<boolean> {
  const ia = a[Symbol.asyncIterator]();
  const ib = b[Symbol.asyncIterator]();
  let bufA: Buffer = Buffer.alloc(0);
  let bufB: Buffer = Buffer.alloc(0);
  let doneA = false;
  let doneB = false;
  try {
    for (;;) {
      if (bufA.length === 0 && !doneA) {
        const r = await ia.next();
        if (r.done) doneA = true;
        else bufA = r.value;
        continue;
      }
      if (bufB.length === 0 && !doneB) {
        const r = await ib.next();
        if (r.done) doneB = true;
        else bufB = r.value;
        continue;
      }
      if (bufA.length === 0 || bufB.length === 0) return bufA.length === 0 && bufB.length === 0;
      const n = Math.min(bufA.length, bufB.length);
      if (!bufA.subarray(0, n).equals(bufB.subarray(0, n))) return false;
      bufA = bufA.subarray(n);
      bufB = bufB.subarray(n);
    }
  } finally {
    await ia.return?.();
    await ib.return?.();
  }
}

/** Compares two outputs given as chunk-stream factories (each may be opened twice). */
export async function compareStreams(
  user: () => Chunks,
  expected: () => Chunks,
  removeEndBlank: boolean,
): Promise<CompareOutcome> {
  if (removeEndBlank) {
    const same = await streamsEqual(
      transformed(user(), rtrimTransform()),
      transformed(expected(), rtrimTransform()),
    );
    return same ? 'AC' : 'WA';
  }
  if (
    await streamsEqual(transformed(user(), identityTransform()), transformed(expected(), identityTransform()))
  ) {
    return 'AC';
  }
  const loose = await streamsEqual(
    transformed(user(), stripAllWhitespaceTransform()),
    transformed(expected(), stripAllWhitespaceTransform()),
  );
  return loose ? 'PE' : 'WA';
}

export function compareBuffers(
  user: Buffer,
  expected: Buffer,
  removeEndBlank: boolean,
): Promise<CompareOutcome> {
  return compareStreams(
    () => [user],
    () => [expected],
    removeEndBlank,
  );
}

/** Files are opened with O_NOFOLLOW (see safe-files.ts). */
export function compareFiles(
  userPath: string,
  expectedPath: string,
  removeEndBlank: boolean,
): Promise<CompareOutcome> {
  return compareStreams(
    () => readChunks(userPath),
    () => readChunks(expectedPath),
    removeEndBlank,
  );
}

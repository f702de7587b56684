/**
 * Packages are read into memory and never extracted: no path from an archive is ever used on
 * disk. Entries with unsafe names (absolute, `..`, NUL, device files) are refused; symbolic links
 * are resolved inside the package (Kattis allows them) and refused when they leave it.
 */
import { lstat, readdir, readFile, readlink, realpath } from 'node:fs/promises';
import { isAbsolute, join, posix, relative, sep } from 'node:path';
import yauzl from 'yauzl';
import { AppError } from '../errors';

export const IMPORT_LIMITS = {
  /** bytes of one uploaded file */
  uploadBytes: 256 * 1024 * 1024,
  /** bytes of all files of a package once uncompressed */
  totalBytes: 1024 * 1024 * 1024,
  entries: 50_000,
  /** symbolic links followed in a row */
  linkDepth: 8,
} as const;

export const importError = (key: string, params?: Record<string, string | number>) =>
  new AppError(400, `import.${key}`, params);

/** The files of a package: normalised relative paths ('data/secret/1.in') → content. */
export class PackageFiles {
  private readonly files: Map<string, Buffer>;

  constructor(files: Map<string, Buffer>) {
    this.files = files;
  }

  paths(): string[] {
    return [...this.files.keys()];
  }

  has(path: string): boolean {
    return this.files.has(path);
  }

  get(path: string): Buffer | undefined {
    return this.files.get(path);
  }

  text(path: string): string | undefined {
    const data = this.files.get(path);
    return data === undefined ? undefined : decodeText(data);
  }

  /** files below a directory ('' = all), recursively, as paths relative to it, sorted */
  list(dir: string): string[] {
    const prefix = dir ? `${dir}/` : '';
    const out: string[] = [];
    for (const p of this.files.keys()) if (p.startsWith(prefix)) out.push(p.slice(prefix.length));
    return out.sort(byteOrder);
  }

  /** immediate children of a directory: file names and sub-directory names */
  children(dir: string): { files: string[]; dirs: string[] } {
    const files = new Set<string>();
    const dirs = new Set<string>();
    for (const rel of this.list(dir)) {
      const slash = rel.indexOf('/');
      if (slash < 0) files.add(rel);
      else dirs.add(rel.slice(0, slash));
    }
    return { files: [...files].sort(byteOrder), dirs: [...dirs].sort(byteOrder) };
  }

  isDir(dir: string): boolean {
    const prefix = `${dir}/`;
    for (const p of this.files.keys()) if (p.startsWith(prefix)) return true;
    return false;
  }

  /** the package below a directory */
  sub(dir: string): PackageFiles {
    if (!dir) return this;
    const prefix = `${dir}/`;
    const map = new Map<string, Buffer>();
    for (const [p, data] of this.files) if (p.startsWith(prefix)) map.set(p.slice(prefix.length), data);
    return new PackageFiles(map);
  }
}

/** Kattis orders test cases by name (byte order, not locale order). */
export function byteOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** UTF-8 text without a byte-order mark. */
export function decodeText(data: Buffer): string {
  const text = data.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export function isUtf8(data: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

/**
 * A safe relative path ('a/b/c') from an archive entry name, or null when the name is unsafe:
 * absolute (/x, C:\x), with a `..` segment, or with control characters. Backslashes count as
 * separators (archives made on Windows).
 */
export function safeRelativePath(name: string): string | null {
  if (name.includes('\0')) return null;
  const unified = name.replace(/\\/g, '/');
  if (unified.startsWith('/') || /^[A-Za-z]:/.test(unified)) return null;
  const parts: string[] = [];
  for (const part of unified.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') return null;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    if (/[\u0000-\u001f]/.test(part)) return null;
    parts.push(part);
  }
  return parts.join('/');
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;

interface RawEntry {
  path: string;
  data: Buffer;
  link: boolean;
}

function openZip(buffer: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      buffer,
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, strictFileNames: false },
      (err, zip) => (err || !zip ? reject(err ?? new Error('no archive')) : resolve(zip)),
    );
  });
}

function readEntry(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  budget: { left: number; limit: number },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(err ?? new Error('cannot read entry'));
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        budget.left -= chunk.length;
        if (budget.left < 0) {
          stream.destroy();
          reject(importError('tooLarge', { limit: mib(budget.limit) }));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 100) / 100;

/** Reads a zip archive into memory, refusing unsafe entries (see the module comment). */
export async function readZip(
  buffer: Buffer,
  limits: { totalBytes: number; entries: number } = IMPORT_LIMITS,
): Promise<PackageFiles> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(buffer);
  } catch (e) {
    throw importError('notAZip', { detail: (e as Error).message });
  }
  const raw: RawEntry[] = [];
  const budget = { left: limits.totalBytes, limit: limits.totalBytes };
  try {
    await new Promise<void>((resolve, reject) => {
      let count = 0;
      zip.on('error', (e: Error) => reject(importError('brokenArchive', { detail: e.message })));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        void (async () => {
          if (++count > limits.entries) throw importError('tooManyEntries', { limit: limits.entries });
          const nameBytes = entry.fileName as unknown;
          const rawName = Buffer.isBuffer(nameBytes) ? nameBytes.toString('utf8') : String(nameBytes);
          // a name in another encoding (a zip made with GBK names) would arrive mangled: say so
          if (Buffer.isBuffer(nameBytes) && !isUtf8(nameBytes))
            throw importError('nameNotUtf8', { path: rawName });
          const path = safeRelativePath(rawName);
          if (path === null) throw importError('unsafePath', { path: rawName });
          const unixMode = (entry.externalFileAttributes >>> 16) & 0xffff;
          const madeOnUnix = entry.versionMadeBy >> 8 === 3;
          const kind = madeOnUnix ? unixMode & S_IFMT : 0;
          const isDir = rawName.endsWith('/') || rawName.endsWith('\\') || kind === S_IFDIR;
          if (kind !== 0 && kind !== S_IFREG && kind !== S_IFDIR && kind !== S_IFLNK)
            throw importError('unsafePath', { path: rawName });
          if (isDir || path === '' || path.startsWith('__MACOSX/') || path === '__MACOSX') {
            zip.readEntry();
            return;
          }
          if (entry.isEncrypted()) throw importError('encryptedEntry', { path });
          if (entry.uncompressedSize > budget.left)
            throw importError('tooLarge', { limit: mib(limits.totalBytes) });
          const data = await readEntry(zip, entry, budget);
          raw.push({ path, data, link: kind === S_IFLNK });
          zip.readEntry();
        })().catch((e: unknown) => {
          zip.close();
          reject(e instanceof AppError ? e : importError('brokenArchive', { detail: (e as Error).message }));
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return resolveEntries(raw);
}

/** Links become copies of what they point at, if that lies inside the package. */
function resolveEntries(raw: RawEntry[]): PackageFiles {
  const files = new Map<string, Buffer>();
  const links = new Map<string, string>();
  for (const e of raw) {
    if (files.has(e.path) || links.has(e.path)) throw importError('duplicateEntry', { path: e.path });
    if (e.link) links.set(e.path, e.data.toString('utf8'));
    else files.set(e.path, e.data);
  }
  // the path a link chain ends at, resolving links in any component
  const realPath = (path: string): string => {
    let current = path;
    let hops = 0;
    for (;;) {
      const parts = current.split('/');
      let replaced = false;
      for (let i = 1; i <= parts.length && !replaced; i++) {
        const prefix = parts.slice(0, i).join('/');
        const target = links.get(prefix);
        if (target === undefined) continue;
        const to = linkTarget(prefix, target);
        if (to === null || ++hops > IMPORT_LIMITS.linkDepth)
          throw importError('unsafeLink', { path, target });
        current = [to, ...parts.slice(i)].join('/');
        replaced = true;
      }
      if (!replaced) return current;
    }
  };
  const resolved = new Map(files);
  for (const [path, target] of links) {
    const real = realPath(path);
    const file = files.get(real);
    const copies: [string, Buffer][] = file
      ? [[path, file]]
      : [...files]
          .filter(([p]) => p.startsWith(`${real}/`))
          .map(([p, data]) => [`${path}${p.slice(real.length)}`, data]);
    if (copies.length === 0) throw importError('danglingLink', { path, target });
    for (const [p, data] of copies) {
      if (resolved.has(p)) throw importError('duplicateEntry', { path: p });
      resolved.set(p, data);
    }
  }
  return new PackageFiles(resolved);
}

function linkTarget(path: string, target: string): string | null {
  if (target.startsWith('/') || target.includes('\0')) return null;
  const joined = posix.normalize(posix.join(posix.dirname(path), target));
  if (joined === '..' || joined.startsWith('../') || joined === '.' || joined.startsWith('/')) return null;
  return joined;
}

/**
 * Reads a package directory (the `verdict verify` command). Links are followed only when they
 * stay inside the directory.
 */
export async function readDirectory(dir: string): Promise<PackageFiles> {
  const root = await realpath(dir);
  const files = new Map<string, Buffer>();
  const visiting = new Set<string>();
  let total = 0;
  const walk = async (abs: string, rel: string): Promise<void> => {
    if (visiting.has(abs)) throw importError('unsafeLink', { path: rel, target: abs });
    visiting.add(abs);
    for (const name of (await readdir(abs)).sort(byteOrder)) {
      const childAbs = join(abs, name);
      const childRel = rel ? `${rel}/${name}` : name;
      let info = await lstat(childAbs);
      let real = childAbs;
      if (info.isSymbolicLink()) {
        real = await realpath(childAbs).catch(() => '');
        const fromRoot = real ? relative(root, real) : '..';
        if (fromRoot === '..' || fromRoot.startsWith(`..${sep}`) || isAbsolute(fromRoot))
          throw importError('unsafeLink', { path: childRel, target: await readlink(childAbs) });
        info = await lstat(real);
      }
      if (info.isDirectory()) await walk(real, childRel);
      else if (info.isFile()) {
        total += info.size;
        if (total > IMPORT_LIMITS.totalBytes)
          throw importError('tooLarge', { limit: IMPORT_LIMITS.totalBytes / 1024 / 1024 });
        files.set(childRel, await readFile(real));
      }
    }
    visiting.delete(abs);
  };
  await walk(root, '');
  return new PackageFiles(files);
}

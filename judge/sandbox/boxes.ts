/**
 * Box directories and per-box uids.
 *
 * Every submission gets a slot; slot N runs as uid BOX_UID_BASE+N, so RLIMIT_NPROC and "no
 * process of the box uid is left" are per box. A slot is held by listening on an abstract unix
 * socket: the kernel makes it exclusive across every judge process on the host and frees it when
 * the holder dies, so a crashed judge never leaks a slot.
 *
 * Layout: <root>/<slot>@<host>-<label>-<rand>/ (root, 0700)
 *           box/  bound at /w, owned by the box uid
 *           io/   the judge's own files (program output, compiler output), never visible in the box
 * The root itself is root-owned 0700: with fs.protected_symlinks=0 nothing else may be able to
 * plant links on the way to a box.
 *
 * A judge killed outright (SIGKILL, OOM, power loss) leaves its box directories behind (its
 * supervisors remove their cgroups, or the next supervisor sweeps them: sup/cgroups.c). Before a
 * process makes its first box in a root, and when the server starts its workers, every directory
 * of a slot no live process holds is removed (removeLeftoverBoxes). `<host>` scopes this: slots
 * are abstract sockets, known only to processes sharing a network namespace on one machine, so a
 * directory made on another host (a DATA_DIR shared by replicas) is never taken for a leftover.
 * Directories from before the host tag (`<slot>-<label>-<rand>`) count as this host's.
 */
import { createHash, randomBytes } from 'node:crypto';
import { chmod, chown, lstat, mkdir, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const BOX_UID_BASE = 60000;
export const MAX_SLOTS = 512;

export interface Box {
  slot: number;
  uid: number;
  /** the per-submission directory (root only) */
  dir: string;
  /** bound read-write (compile) or read-only (run) at /w */
  boxDir: string;
  /** judge-owned files outside the box */
  ioDir: string;
}

export function defaultBoxRoot(): string {
  const base = process.env.DATA_DIR ? resolve(process.env.DATA_DIR) : tmpdir();
  return join(base, 'judge-boxes');
}

/** Creates (or checks) a root-owned 0700 directory: nothing but root may reach what is inside. */
export async function ensurePrivateDir(root: string): Promise<void> {
  await mkdir(root, { recursive: true, mode: 0o700 });
  const st = await lstat(root);
  if (!st.isDirectory() || st.uid !== 0) {
    throw new Error(`box root ${root} is not a root-owned directory`);
  }
  await chmod(root, 0o700);
}

function listen(server: Server, path: string): Promise<boolean> {
  return new Promise((done, fail) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (err.code === 'EADDRINUSE') done(false);
      else fail(err);
    };
    const onListening = () => {
      server.off('error', onError);
      done(true);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen({ path });
  });
}

const held = new Map<number, Server>();

/** Takes one slot for this process; false when another process (or this one) holds it. */
async function trySlot(slot: number): Promise<boolean> {
  if (held.has(slot)) return false;
  const server = createServer();
  if (await listen(server, `\0verdict-judge-slot-${slot}`)) {
    server.unref();
    held.set(slot, server);
    return true;
  }
  server.close();
  return false;
}

async function acquireSlot(): Promise<number> {
  for (let slot = 0; slot < MAX_SLOTS; slot++) {
    if (await trySlot(slot)) return slot;
  }
  throw new Error(`all ${MAX_SLOTS} judge slots are busy`);
}

function releaseSlot(slot: number): void {
  held.get(slot)?.close();
  held.delete(slot);
}

/** This host (and network namespace, in practice: a container has its own name) in box names. */
export const HOST_TAG = createHash('sha256').update(hostname()).digest('hex').slice(0, 8);

/** `<slot>@<host>-…` or, made before the host tag, `<slot>-…`. */
const BOX_NAME = /^(\d+)(?:@([0-9a-f]{8}))?-/;

/** The slot of a box directory this host made (untagged ones count as this host's); null otherwise. */
export function slotOfBoxName(name: string): number | null {
  const m = BOX_NAME.exec(name);
  if (!m || (m[2] !== undefined && m[2] !== HOST_TAG)) return null;
  const slot = Number(m[1]);
  return slot < MAX_SLOTS ? slot : null;
}

/** Removes this host's directories of `slot` in `root`; the caller holds the slot. */
async function removeSlotDirs(root: string, slot: number): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(root)) {
    if (slotOfBoxName(name) !== slot) continue;
    // rm does not follow links a program planted in its box
    await rm(join(root, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/**
 * Removes the box directories in `root` of slots no live process holds: a slot is taken for the
 * moment of the check (its abstract socket), so a box of another judge on this machine, which
 * holds its slot as long as it lives, is never touched, and none can be made there meanwhile.
 * Returns the names removed. A root that is missing or not root-owned is left alone.
 */
export async function removeLeftoverBoxes(root = defaultBoxRoot()): Promise<string[]> {
  const st = await lstat(root).catch(() => null);
  if (!st?.isDirectory() || st.uid !== 0) return [];
  const slots = new Set<number>();
  for (const name of await readdir(root)) {
    const slot = slotOfBoxName(name);
    if (slot !== null) slots.add(slot);
  }
  const removed: string[] = [];
  for (const slot of [...slots].sort((a, b) => a - b)) {
    if (!(await trySlot(slot))) continue;
    try {
      removed.push(...(await removeSlotDirs(root, slot)));
    } finally {
      releaseSlot(slot);
    }
  }
  return removed;
}

const swept = new Map<string, Promise<string[]>>();

/**
 * removeLeftoverBoxes once per root and process (a judge's start, or its first box). Never
 * rejects: a leftover that cannot be removed must not stop judging; it is tried at the next start.
 */
export function removeLeftoverBoxesOnce(root = defaultBoxRoot()): Promise<string[]> {
  const key = resolve(root);
  let sweep = swept.get(key);
  if (!sweep) {
    sweep = removeLeftoverBoxes(key).catch((err: unknown) => {
      console.error('judge: cannot remove leftover boxes', err);
      return [];
    });
    swept.set(key, sweep);
  }
  return sweep;
}

/** Creates a fresh box; leftovers of an earlier holder of the same slot are removed first. */
export async function createBox(label: string, root = defaultBoxRoot()): Promise<Box> {
  await ensurePrivateDir(root);
  await removeLeftoverBoxesOnce(root);
  const slot = await acquireSlot();
  try {
    await removeSlotDirs(root, slot);
    const safeLabel = label.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 40);
    const dir = join(root, `${slot}@${HOST_TAG}-${safeLabel}-${randomBytes(4).toString('hex')}`);
    const uid = BOX_UID_BASE + slot;
    await mkdir(dir, { mode: 0o700 });
    const boxDir = join(dir, 'box');
    const ioDir = join(dir, 'io');
    // 0755: bwrap enters /w after dropping its capabilities; the 0700 parent keeps others out.
    await mkdir(boxDir, { mode: 0o755 });
    await chmod(boxDir, 0o755);
    await chown(boxDir, uid, uid);
    await mkdir(ioDir, { mode: 0o700 });
    return { slot, uid, dir, boxDir, ioDir };
  } catch (err) {
    releaseSlot(slot);
    throw err;
  }
}

/** Removes the box (rm does not follow links the program planted) and frees its slot. */
export async function destroyBox(box: Box): Promise<void> {
  try {
    await rm(box.dir, { recursive: true, force: true });
  } finally {
    releaseSlot(box.slot);
  }
}

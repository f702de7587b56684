/**
 * Box directories and per-box uids.
 *
 * Every submission gets a slot; slot N runs as uid BOX_UID_BASE+N, so RLIMIT_NPROC and "no
 * process of the box uid is left" are per box. A slot is held by listening on an abstract unix
 * socket: the kernel makes it exclusive across every judge process on the host and frees it when
 * the holder dies, so a crashed judge never leaks a slot.
 *
 * Layout: <root>/<slot>-<label>-<rand>/ (root, 0700)
 *           box/  bound at /w, owned by the box uid
 *           io/   the judge's own files (program output, compiler output), never visible in the box
 * The root itself is root-owned 0700: with fs.protected_symlinks=0 nothing else may be able to
 * plant links on the way to a box.
 */
import { randomBytes } from 'node:crypto';
import { chmod, chown, lstat, mkdir, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
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

async function acquireSlot(): Promise<number> {
  for (let slot = 0; slot < MAX_SLOTS; slot++) {
    if (held.has(slot)) continue;
    const server = createServer();
    if (await listen(server, `\0verdict-judge-slot-${slot}`)) {
      server.unref();
      held.set(slot, server);
      return slot;
    }
    server.close();
  }
  throw new Error(`all ${MAX_SLOTS} judge slots are busy`);
}

function releaseSlot(slot: number): void {
  held.get(slot)?.close();
  held.delete(slot);
}

/** Creates a fresh box; leftovers of an earlier holder of the same slot are removed first. */
export async function createBox(label: string, root = defaultBoxRoot()): Promise<Box> {
  await ensurePrivateDir(root);
  const slot = await acquireSlot();
  try {
    for (const name of await readdir(root)) {
      if (name.startsWith(`${slot}-`)) await rm(join(root, name), { recursive: true, force: true });
    }
    const safeLabel = label.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 40);
    const dir = join(root, `${slot}-${safeLabel}-${randomBytes(4).toString('hex')}`);
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

import { EventEmitter } from 'node:events';
import type { Db } from '../../db/database';
import { ReadCache } from '../cache/read-cache';
import { findSession } from './users';

export type Session = NonNullable<Awaited<ReturnType<typeof findSession>>>;

/**
 * "This user's tokens or roles changed" (logout, password reset or change, role edits), to every
 * server in this process. Services that bump token_version call `sessionChanged`.
 */
const changes = new EventEmitter();
changes.setMaxListeners(0);

export function sessionChanged(uid: string): void {
  changes.emit('changed', uid);
}

/**
 * Each request's user (account, token_version, roles), kept 2 s: a browser sends several calls
 * at once on every page, and all of them need it. A change made through this process drops the
 * user at once; another replica sees a logout or new roles within the 2 s.
 */
export class SessionCache {
  private readonly cache = new ReadCache<{ session: Session | null }>({ max: 20_000, ttlMs: 2000 });
  private readonly onChange = (uid: string) => this.cache.delete(uid);

  constructor(private readonly db: Db) {
    changes.on('changed', this.onChange);
  }

  async get(uid: string): Promise<Session | null> {
    return (await this.cache.get(uid, async () => ({ session: await findSession(this.db, uid) }))).session;
  }

  close(): void {
    changes.off('changed', this.onChange);
  }
}

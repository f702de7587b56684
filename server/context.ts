import type { ServerConfig } from './config';
import type { Db } from './db/database';
import type { TokenService } from './services/auth/tokens';
import type { FileStore } from './services/files/store';
import type { JudgeQueue } from './services/judge-queue/queue';
import type { LanguageRegistry } from './services/languages';

/** What routes need from the running server; built once in app.ts. */
export interface AppContext {
  config: ServerConfig;
  db: Db;
  tokens: TokenService;
  files: FileStore;
  languages: LanguageRegistry;
  queue: JudgeQueue;
  /** wakes in-process judge workers when a submission is queued */
  notifyQueued(submitId: number): void;
}

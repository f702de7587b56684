import type { ServerConfig } from './config';
import type { Db } from './db/database';
import type { SecretHasher } from './services/auth/codes';
import type { TokenService } from './services/auth/tokens';
import type { JudgeCaches } from './services/cache/judge-listeners';
import type { FileStore } from './services/files/store';
import type { JudgeQueue } from './services/judge-queue/queue';
import type { QueuePlaces } from './services/judge-queue/queue-position';
import type { JudgeFunction } from './services/judge-queue/worker-pool';
import type { LanguageRegistry } from './services/languages';
import type { LiveHub } from './services/live/hub';
import type { Mailer } from './services/mail/mailer';
import type { CompileProgram } from './services/problems/admin/compile-checker';

/** What routes need from the running server; built once in app.ts. */
export interface AppContext {
  config: ServerConfig;
  db: Db;
  tokens: TokenService;
  /** HMACs of short-lived account secrets (register and reset codes, captcha answers) */
  hasher: SecretHasher;
  /** SMTP, or .eml files in DATA_DIR/mail */
  mail: Mailer;
  files: FileStore;
  languages: LanguageRegistry;
  queue: JudgeQueue;
  /** waiting submissions' places and estimated waits (docs/architecture.md, Where is my submission?) */
  queuePlaces: QueuePlaces;
  /**
   * the live push channel (docs/architecture.md, Live push): `publishToUser(uid, event)` and
   * `publishToContest(cid, event, audience)` reach the streams on every replica
   */
  live: LiveHub;
  /** hot public reads, a few seconds old at most, kept current by the queue's events (docs/architecture.md, Caches) */
  caches: JudgeCaches;
  /** the in-process judge's compiler of checkers; null with remote judges only */
  compileProgram: CompileProgram | null;
  /** the in-process judge engine itself, for judging outside the queue (package verification); null without one */
  inProcessJudge: JudgeFunction | null;
}

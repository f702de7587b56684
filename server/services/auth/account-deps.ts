import type { Db } from '../../db/database';
import type { Mailer } from '../mail/mailer';
import type { Translate } from '../mail/templates';
import type { SecretHasher } from './codes';

/** What the register and reset flows need; `t` speaks the caller's language (mail included). */
export interface AccountDeps {
  db: Db;
  hasher: SecretHasher;
  mail: Mailer;
  t: Translate;
  /** told when mail could not be sent (the error only: never the message, which holds a code) */
  onMailError?: (error: unknown) => void;
}

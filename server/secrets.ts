import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SECRETS } from '../shared/constants/security';
import { ConfigurationError } from './config';
import { createPrivateFile, DATA_FILES, ensureDataDir } from './data-dir';

/**
 * JWT_SECRET, or one generated on first start and kept in DATA_DIR, readable by the server's user
 * only (replicas must share JWT_SECRET). A key shorter than SECRETS.jwtSecretMinBytes is refused:
 * the server does not start with it.
 */
export function jwtSecret(dataDir: string, fromEnv: string | null): string {
  if (fromEnv) return checked(fromEnv, 'JWT_SECRET', 'set a longer one, e.g. `openssl rand -base64 48`');
  const path = join(dataDir, DATA_FILES.jwtSecret);
  ensureDataDir(dataDir);
  createPrivateFile(path, randomBytes(48).toString('base64url'));
  return checked(readFileSync(path, 'utf8').trim(), path, 'delete it and a new one is generated');
}

function checked(secret: string, source: string, remedy: string): string {
  const bytes = Buffer.byteLength(secret, 'utf8');
  if (bytes < SECRETS.jwtSecretMinBytes) {
    // the length only: the secret itself is never printed
    throw new ConfigurationError(
      `${source} is ${bytes} bytes long; the JWT secret must be at least ${SECRETS.jwtSecretMinBytes} bytes (${remedy}).`,
    );
  }
  return secret;
}

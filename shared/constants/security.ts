/** Server hardening figures, one place (docs/security.md). */
export const SECRETS = {
  /**
   * An operator's JWT_SECRET must have at least this many bytes (UTF-8): tokens are HS512, and a
   * short key can be brute-forced offline from one captured token. The generated one has 48.
   */
  jwtSecretMinBytes: 32,
} as const;

/**
 * Modes of what the server keeps in DATA_DIR: DATA_DIR and the folders in it are the server
 * user's alone, and the database, its WAL, the secret and mail are never readable by anyone else,
 * whatever the process umask.
 */
export const FILE_MODES = {
  privateDir: 0o700,
  privateFile: 0o600,
} as const;

/** HSTS lifetime sent when PUBLIC_URL is https (one year, the usual preload minimum). */
export const HSTS_MAX_AGE_SECONDS = 31_536_000;

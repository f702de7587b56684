/**
 * User home and account settings: the numbers the server enforces and
 * the settings page mirrors.
 */
export const PROFILE = {
  nicknameMaxLength: 20,
  realnameMaxLength: 50,
  schoolMaxLength: 100,
  signatureMaxLength: 1000,
  /** github and blog links */
  linkMaxLength: 255,
  /** HOJ's gender values */
  genders: ['male', 'female', 'secrecy'] as const,
  /** wrong passwords (change password or e-mail, one counter per user) before the lock */
  passwordFailuresBeforeLock: 5,
  /** how long the change-email code button waits, as the register code's */
  emailCodeResendSeconds: 60,
  /** the heatmap covers the days from this many days before today up to today */
  heatmapDays: 365,
  /** the settings page logs out this long after a password change (the success message stays visible) */
  logoutAfterPasswordChangeMs: 1500,
} as const;

export type Gender = (typeof PROFILE.genders)[number];

/** Avatar images: at most 2 MB, GIF, JPG, JPEG, PNG, BMP or WebP, told by their bytes. */
export const AVATAR = {
  maxBytes: 2 * 1024 * 1024,
  /** content types the server detects and serves */
  mimeTypes: ['image/gif', 'image/jpeg', 'image/png', 'image/bmp', 'image/webp'] as const,
  /** the file picker's filter */
  accept: '.gif,.jpg,.jpeg,.png,.bmp,.webp,image/gif,image/jpeg,image/png,image/bmp,image/webp',
  /** seconds between two avatar uploads of one user (each upload stays on disk) */
  uploadIntervalSeconds: 5,
  /** where uploaded images are served */
  publicPath: '/api/public/img/',
} as const;

export type AvatarMime = (typeof AVATAR.mimeTypes)[number];

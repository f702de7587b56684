/**
 * Account flows (register, login limits, password reset; docs/security.md, Accounts and passwords):
 * one place for the numbers the
 * server enforces and the web dialog mirrors.
 */
export const ACCOUNT = {
  /** register e-mail code: 6 digits, valid 10 minutes, one request per e-mail every 60 s */
  registerCodeLength: 6,
  registerCodeTtlSeconds: 600,
  registerCodeResendSeconds: 60,
  /** wrong register codes tried before the code is dropped (a new one must be requested) */
  registerCodeMaxAttempts: 5,
  /** reset-password link: valid 10 minutes, one use; one request per e-mail every 90 s */
  resetCodeTtlSeconds: 600,
  resetResendSeconds: 90,
  /**
   * the contest site's reset form counts 60 s before its button is back (the server still waits 90 s
   * per e-mail and says so)
   */
  contestSiteResetResendSeconds: 60,
  /** image captcha of the reset form: answer 1-8 characters, valid 30 minutes, one use */
  captchaMaxLength: 8,
  captchaTtlSeconds: 1800,
  /** login failures per username + IP: a solved slide puzzle from the 5th on, refusal at 20 */
  puzzleAfterFailures: 5,
  lockAfterFailures: 20,
  /** failures are forgotten this long after the last one; a lock lasts as long */
  failureWindowMinutes: 30,
  /**
   * failures of one account from every address together: at 50, forgotten an hour after the last
   * one, every login of the account is refused until then (a reset password lifts it), so
   * rotating addresses cannot guess a password (docs/security.md)
   */
  accountLockAfterFailures: 50,
  accountFailureWindowMinutes: 60,
  /** slide puzzle: 325 x 100 background, the piece must land within 3 px */
  puzzleWidth: 325,
  puzzleHeight: 100,
  puzzleAccuracy: 3,
  puzzleTtlSeconds: 120,
  /** how long the register and reset success messages stay on screen */
  registerMessageMs: 5000,
  resetMessageMs: 10_000,
  /**
   * per-IP quotas on what costs the server (a mail, an image): beyond them 429 until the window
   * ends. A classroom behind one NAT registers 30 people in an hour; a script does far more.
   */
  ipQuota: {
    registerCode: { max: 30, windowSeconds: 3600 },
    captcha: { max: 120, windowSeconds: 600 },
    loginPuzzle: { max: 120, windowSeconds: 600 },
  },
  /** username and e-mail columns */
  emailMaxLength: 100,
} as const;

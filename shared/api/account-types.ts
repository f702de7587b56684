/** Answers of the account calls, shared by the server, the web app and tests. */

/** GET /api/get-register-code: `msg` non-null means the code was sent. */
export interface RegisterCodeSent {
  email: string;
  /** seconds the code stays valid */
  expire: number;
  msg: string;
}

/** POST /api/check-username-or-email: true where the name or address is taken. */
export interface UsernameOrEmailTaken {
  username: boolean;
  email: boolean;
}

/** GET /api/captcha */
export interface CaptchaImage {
  /** data:image/svg+xml;base64,... */
  img: string;
  captchaKey: string;
}

/** GET /api/get-login-puzzle (Verdict): the solution stays on the server. */
export interface LoginPuzzle {
  puzzleKey: string;
  /** data:image/png;base64: the picture with the cut-out */
  background: string;
  /** data:image/png;base64: the piece, as tall as the background */
  piece: string;
  width: number;
  height: number;
  pieceWidth: number;
  /** seconds the puzzle stays valid */
  expire: number;
}

/** `data` of a refused POST /api/login (400 or 429): whether the next try needs a solved puzzle. */
export interface LoginRefusal {
  needPuzzle: boolean;
}

/** `data` of a 429 on get-register-code or apply-reset-password. */
export interface RetryLater {
  seconds: number;
}

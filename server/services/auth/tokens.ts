import { jwtVerify, SignJWT } from 'jose';

/** HOJ: 24 h tokens, silently re-issued once a token is older than 12 h (DESIGN.md §3). */
export const TOKEN_LIFETIME_S = 24 * 3600;
export const TOKEN_REFRESH_AFTER_S = 12 * 3600;

export interface TokenClaims {
  uid: string;
  /** the user's token_version when issued; logout bumps it */
  ver: number;
  iat: number;
  exp: number;
}

export class TokenService {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(uid: string, version: number, nowS = Math.floor(Date.now() / 1000)): Promise<string> {
    return new SignJWT({ ver: version })
      .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
      .setSubject(uid)
      .setIssuedAt(nowS)
      .setExpirationTime(nowS + TOKEN_LIFETIME_S)
      .sign(this.key);
  }

  /** null when the token is malformed, forged or expired */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS512'] });
      if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
      return { uid: payload.sub, ver: payload.ver, iat: payload.iat ?? 0, exp: payload.exp ?? 0 };
    } catch {
      return null;
    }
  }

  needsRefresh(claims: TokenClaims, nowS = Math.floor(Date.now() / 1000)): boolean {
    return nowS - claims.iat >= TOKEN_REFRESH_AFTER_S;
  }
}

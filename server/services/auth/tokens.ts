import { jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';

/** As HOJ: 24 h tokens, silently re-issued (a new Authorization header) once a token is older than 12 h. */
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
  /**
   * Tokens whose signature checked out, with their claims: a token never changes, so each is
   * verified once (the HMAC through WebCrypto cost more than the rest of a cached request).
   * Expiry is still checked on every use; revocation is the user's token_version (auth plugin).
   */
  private readonly verified = new LRUCache<string, TokenClaims>({ max: 20_000 });

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
    const known = this.verified.get(token);
    if (known) return known.exp > Date.now() / 1000 ? known : null;
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS512'] });
      if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
      const claims = { uid: payload.sub, ver: payload.ver, iat: payload.iat ?? 0, exp: payload.exp ?? 0 };
      this.verified.set(token, claims);
      return claims;
    } catch {
      return null;
    }
  }

  needsRefresh(claims: TokenClaims, nowS = Math.floor(Date.now() / 1000)): boolean {
    return nowS - claims.iat >= TOKEN_REFRESH_AFTER_S;
  }
}

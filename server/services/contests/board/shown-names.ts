import type { RankShowName } from '../../../../shared/constants/contests';

/** Who looks at a board, and which name the contest shows on it (rankShowName). */
export interface NameRule {
  show: RankShowName;
  /** contest admins (author, root) get every name */
  admin: boolean;
}

/**
 * The personal names a board row (or scroll-board submission) carries (docs/security.md): of the real name and
 * the nickname only the one the contest shows, so a board that shows nicknames does not hand out real names;
 * the contest's admins get both. The username is always sent: it is the user's public handle, shown and linked
 * across the site. HOJ sends every name to anyone, the outside board even without a login.
 */
export function shownNames(
  user: { realname: string | null; nickname: string | null } | undefined,
  rule: NameRule,
): { realname: string | null; nickname: string | null } {
  return {
    realname: rule.admin || rule.show === 'realname' ? (user?.realname ?? null) : null,
    nickname: rule.admin || rule.show === 'nickname' ? (user?.nickname ?? null) : null,
  };
}

import type { i18n as I18n } from 'i18next';
import { createSiteI18n } from '../../../shared/i18n/site-messages';
import type { Db } from '../../db/database';
import { AppError } from '../errors';
import { sendPersonalNotice } from '../messages/notices';

/**
 * HOJ's group notices in the message centre (under "mine"): an application to the group's roots, a
 * welcome to a new member, a removal to the removed member, a dissolution to every member. Their
 * readers may use either interface language, so a notice carries both, Chinese first (as HOJ writes
 * them); the texts are locale keys (`group.notice`).
 */
let translators: I18n[] | undefined;
function bothLanguages(): I18n[] {
  translators ??= [createSiteI18n('zh-CN'), createSiteI18n('en-US')];
  return translators;
}

type Kind = 'apply' | 'welcome' | 'removed' | 'dissolved';

function compose(kind: Kind, params: Record<string, string | number>): { title: string; content: string } {
  const [zh, en] = bothLanguages();
  const both = (key: string, sep: string) =>
    `${zh?.t(`group.notice.${kind}${key}`, params)}${sep}${en?.t(`group.notice.${kind}${key}`, params)}`;
  return { title: both('Title', ' / '), content: both('Body', '\n\n') };
}

/** Sends one notice to each recipient; a recipient whose account is gone is skipped. */
async function send(db: Db, recipients: string[], kind: Kind, params: Record<string, string | number>) {
  const { title, content } = compose(kind, params);
  for (const recipientUid of new Set(recipients)) {
    try {
      await sendPersonalNotice(db, { recipientUid, title, content });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
}

interface GroupRef {
  id: number;
  name: string;
}

/** A user applied: the group's roots (role 5, the owner among them) hear of it. */
export async function noticeApplication(db: Db, group: GroupRef & { uid: string }, applicant: string) {
  const roots = await db.kysely
    .selectFrom('group_member')
    .select('uid')
    .where('gid', '=', group.id)
    .where('auth', '=', 5)
    .execute();
  await send(db, [group.uid, ...roots.map((r) => r.uid)], 'apply', {
    gid: group.id,
    name: group.name,
    username: applicant,
  });
}

/** A user joined a public group, or their application was approved. */
export function noticeWelcome(db: Db, group: GroupRef, memberUid: string) {
  return send(db, [memberUid], 'welcome', { gid: group.id, name: group.name });
}

/** A group admin removed a member. */
export function noticeRemoved(db: Db, group: GroupRef, memberUid: string, operator: string) {
  return send(db, [memberUid], 'removed', { gid: group.id, name: group.name, operator });
}

/** The group was dissolved: its members (not the one who dissolved it) hear of it. */
export function noticeDissolved(db: Db, group: GroupRef, memberUids: string[], operator: string) {
  return send(db, memberUids, 'dissolved', { gid: group.id, name: group.name, operator });
}

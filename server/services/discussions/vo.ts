import type {
  DiscussionCategory,
  DiscussionDetail,
  DiscussionItem,
} from '../../../shared/api/discussion-types';
import { bool } from '../../db/booleans';
import type { Db } from '../../db/database';
import { markdownHtml } from '../markdown/render-cache';
import type { DiscussionRow } from './access';

/** HOJ's Discussion entity on the wire; the Markdown only for `withContent` (the list: its author). */
export function toDiscussionItem(row: DiscussionRow, withContent: boolean): DiscussionItem {
  return {
    id: row.id,
    categoryId: row.category_id,
    title: row.title,
    description: row.description,
    content: withContent ? row.content : null,
    pid: row.pid,
    uid: row.uid,
    author: row.author,
    avatar: row.avatar,
    role: row.role,
    viewNum: row.view_num,
    likeNum: row.like_num,
    commentNum: row.comment_num,
    topPriority: bool(row.top_priority),
    status: row.status,
    gid: row.gid,
    gmtCreate: row.gmt_create,
    gmtModified: row.gmt_modified,
  };
}

export function toCategory(row: {
  id: number;
  name: string;
  gmt_create: string;
  gmt_modified: string;
}): DiscussionCategory {
  return { id: row.id, name: row.name, gmtCreate: row.gmt_create, gmtModified: row.gmt_modified };
}

/**
 * HOJ's DiscussionVO: the discussion with its category's name, the author's current avatar and title
 * (as comments show them), whether the caller likes it, and the text rendered on the server with
 * the statements' sanitiser (raw HTML dropped, KaTeX added after sanitising).
 */
export async function toDiscussionDetail(
  db: Db,
  row: DiscussionRow,
  viewerUid: string | null,
): Promise<DiscussionDetail> {
  const [category, author, like] = await Promise.all([
    row.category_id === null
      ? undefined
      : db.kysely.selectFrom('category').select('name').where('id', '=', row.category_id).executeTakeFirst(),
    db.kysely
      .selectFrom('user_info')
      .select(['username', 'avatar', 'title_name', 'title_color'])
      .where('uuid', '=', row.uid)
      .executeTakeFirst(),
    viewerUid
      ? db.kysely
          .selectFrom('discussion_like')
          .select('id')
          .where('did', '=', row.id)
          .where('uid', '=', viewerUid)
          .executeTakeFirst()
      : undefined,
  ]);
  return {
    ...toDiscussionItem(row, true),
    author: author?.username ?? row.author,
    avatar: author ? (author.avatar ?? null) : row.avatar,
    content: row.content,
    contentHtml: markdownHtml(row.content),
    categoryName: category?.name ?? null,
    hasLike: !!like,
    titleName: author?.title_name ?? null,
    titleColor: author?.title_color ?? null,
  };
}

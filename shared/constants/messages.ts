/** The message centre's kinds, in the order the side list and the unread counts show them. */
export const MESSAGE_TYPES = ['comment', 'reply', 'like', 'sys', 'mine'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Who a notice goes to: all users, one user, or the admins (root, admin, problem admin). */
export const NOTICE_TYPES = ['All', 'Single', 'Admin'] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];

/** Reminder actions of msg_remind and the kind each one is listed under. */
export const REMINDER_ACTIONS = {
  comment: ['Discuss'],
  reply: ['Reply'],
  like: ['Like_Post', 'Like_Discuss'],
} as const satisfies Record<'comment' | 'reply' | 'like', readonly string[]>;

export const NOTICE_LIMITS = {
  titleMaxLength: 255,
  contentMaxLength: 65535,
  recipientMaxLength: 255,
} as const;

export const MESSAGE_PAGE_SIZES = {
  /** one kind's list in the message centre */
  messages: 10,
  /** root's notice admin list */
  notices: 10,
} as const;

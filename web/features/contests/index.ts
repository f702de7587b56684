/**
 * What other features use of the contests feature; the rest is its own (docs/architecture.md,
 * Layers).
 */

// the comment area, reused by discussions (a discussion's comments are HOJ's `did` comments)
export { type CommentActions, type CommentSource, useCommentActions, useCommentPage } from './comments/api';
export { AuthorAvatar, AuthorLine } from './comments/author-line';
export { CommentComposer } from './comments/comment-composer';
export { CommentItem, type CommentPermissions } from './comments/comment-item';
export { ContestCard } from './components/contest-card';
export { useServerNow } from './contest-context';
export { AUTH_KEY, STATUS_CLASS, STATUS_KEY, TYPE_LABEL } from './lib/contest-labels';

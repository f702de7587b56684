import { ChevronUp, MessageSquare, ThumbsUp, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { CommentVO, ReplyVO } from '@/shared/api/comment-types';
import { COMMENT_LIMITS, type ReplyQuoteType } from '@/shared/schemas/comments';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { LazyMarkdown } from '@/web/components/markdown-lazy';
import { Button } from '@/web/components/ui/button';
import { type CommentActions, type CommentSource, useAllReplies } from './api';
import { AuthorAvatar, AuthorLine } from './author-line';
import { CommentComposer } from './comment-composer';

/** What the viewer may do (decided by the route from the login, the role and the contest). */
export interface CommentPermissions {
  uid: string | null;
  /** logged in and not muted */
  canPost: boolean;
  /** contest admin: deletes anything, replies to anything */
  moderator: boolean;
  /** a running contest: non-admins reply only to their own comments */
  replyOwnOnly: boolean;
}

/** No outer margin above the first and below the last block of a comment's Markdown. */
const TIGHT = '[&>:first-child]:mt-0 [&>:last-child]:mb-0';

interface Quote {
  id: number;
  type: ReplyQuoteType;
  name: string;
}

/** A comment: author, Markdown, likes, replies (newest 3, or all on demand) and the reply box. */
export function CommentItem({
  source,
  comment,
  liked,
  perms,
  actions,
}: {
  source: CommentSource;
  comment: CommentVO;
  liked: boolean;
  perms: CommentPermissions;
  actions: CommentActions;
}) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const [quote, setQuote] = useState<Quote | null>(null);
  const more = comment.totalReplyNum > COMMENT_LIMITS.replyPreview;
  const all = useAllReplies(source, comment.id, expanded && more);
  const replies: ReplyVO[] = expanded && all.data ? all.data : comment.replyList;
  const mayReply = perms.canPost && (!perms.replyOwnOnly || perms.moderator || comment.fromUid === perms.uid);
  const mayDelete = (fromUid: string) => perms.moderator || (!!perms.uid && fromUid === perms.uid);
  const done = (msg: string) => toast.success(msg);

  return (
    <li className="flex min-w-0 gap-3 py-4" data-testid={`comment-${comment.id}`}>
      <AuthorAvatar name={comment.fromName} src={comment.fromAvatar} />
      <div className="grid min-w-0 flex-1 gap-2">
        <AuthorLine
          name={comment.fromName}
          role={comment.fromRole}
          titleName={comment.fromTitleName}
          titleColor={comment.fromTitleColor}
          time={comment.gmtCreate}
        />
        <div className="min-w-0 break-words" data-testid="comment-content">
          <LazyMarkdown text={comment.content} className={TIGHT} />
        </div>
        <div className="-ml-2 flex flex-wrap items-center gap-1">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-pressed={liked}
            aria-label={liked ? t('comments.unlike') : t('comments.like')}
            title={liked ? t('comments.unlike') : t('comments.like')}
            className={liked ? 'text-primary' : 'text-muted-foreground'}
            disabled={!perms.uid || actions.like.isPending}
            onClick={() => actions.like.mutate({ commentId: comment.id, toLike: !liked })}
            data-testid="comment-like"
          >
            <ThumbsUp className={liked ? 'fill-current' : ''} />
            <span data-testid="comment-like-count">{comment.likeNum}</span>
          </Button>
          {mayReply && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="text-muted-foreground"
              onClick={() => setQuote({ id: comment.id, type: 'Comment', name: comment.fromName })}
              data-testid="comment-reply"
            >
              <MessageSquare />
              {t('comments.reply')}
            </Button>
          )}
          {mayDelete(comment.fromUid) && (
            <ConfirmDialog
              title={t('comments.deleteCommentTitle')}
              description={t('comments.deleteCommentText')}
              confirmLabel={t('comments.delete')}
              destructive
              testId="comment-delete-dialog"
              onConfirm={() =>
                actions.remove.mutate(
                  { id: comment.id, fromUid: comment.fromUid },
                  { onSuccess: () => done(t('comments.commentDeleted')) },
                )
              }
              trigger={
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="text-muted-foreground hover:text-destructive"
                  data-testid="comment-delete"
                >
                  <Trash2 />
                  {t('comments.delete')}
                </Button>
              }
            />
          )}
        </div>

        {replies.length > 0 && (
          <ul className="grid gap-3 rounded-md bg-muted/40 p-3" data-testid="comment-replies">
            {replies.map((reply) => (
              <ReplyItem
                key={reply.id}
                reply={reply}
                canQuote={mayReply}
                canDelete={mayDelete(reply.fromUid)}
                onQuote={() => setQuote({ id: reply.id, type: 'Reply', name: reply.fromName })}
                onDelete={() =>
                  actions.removeReply.mutate(reply.id, { onSuccess: () => done(t('comments.replyDeleted')) })
                }
              />
            ))}
          </ul>
        )}
        {more && (
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-auto justify-self-start p-0"
            onClick={() => setExpanded((v) => !v)}
            data-testid="comment-toggle-replies"
          >
            {expanded ? (
              <>
                <ChevronUp />
                {t('comments.collapse')}
              </>
            ) : (
              t('comments.showAll', { count: comment.totalReplyNum })
            )}
          </Button>
        )}

        {quote && (
          <CommentComposer
            testId="reply-form"
            rows={3}
            autoFocus
            heading={
              <p className="text-sm text-muted-foreground" data-testid="reply-form-quote">
                {t('comments.replyingTo', { name: quote.name })}
              </p>
            }
            placeholder={t('comments.replyPlaceholder')}
            submitLabel={t('comments.sendReply')}
            pending={actions.reply.isPending}
            onCancel={() => setQuote(null)}
            onSubmit={async (content) => {
              await actions.reply.mutateAsync({
                commentId: comment.id,
                content,
                quoteId: quote.id,
                quoteType: quote.type,
              });
              done(t('comments.replyPosted'));
              setQuote(null);
            }}
          />
        )}
      </div>
    </li>
  );
}

function ReplyItem({
  reply,
  canQuote,
  canDelete,
  onQuote,
  onDelete,
}: {
  reply: ReplyVO;
  canQuote: boolean;
  canDelete: boolean;
  onQuote(): void;
  onDelete(): void;
}) {
  const { t } = useTranslation();
  return (
    <li className="flex min-w-0 gap-2" data-testid={`reply-${reply.id}`}>
      <AuthorAvatar name={reply.fromName} src={reply.fromAvatar} small />
      <div className="grid min-w-0 flex-1 gap-1">
        <AuthorLine
          name={reply.fromName}
          role={reply.fromRole}
          titleName={reply.fromTitleName}
          titleColor={reply.fromTitleColor}
          time={reply.gmtCreate}
        >
          {reply.toUid !== reply.fromUid && (
            <span className="text-xs text-muted-foreground">
              {t('comments.replyTo')} <span className="font-medium text-foreground">@{reply.toName}</span>
            </span>
          )}
        </AuthorLine>
        <div className="min-w-0 break-words text-sm" data-testid="reply-content">
          <LazyMarkdown text={reply.content} className={TIGHT} />
        </div>
        {(canQuote || canDelete) && (
          <div className="-ml-2 flex flex-wrap gap-1">
            {canQuote && (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="h-7 text-muted-foreground"
                onClick={onQuote}
                data-testid="reply-quote"
              >
                <MessageSquare />
                {t('comments.reply')}
              </Button>
            )}
            {canDelete && (
              <ConfirmDialog
                title={t('comments.deleteReplyTitle')}
                description={t('comments.deleteReplyText')}
                confirmLabel={t('comments.delete')}
                destructive
                testId="reply-delete-dialog"
                onConfirm={onDelete}
                trigger={
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="h-7 text-muted-foreground hover:text-destructive"
                    data-testid="reply-delete"
                  >
                    <Trash2 />
                    {t('comments.delete')}
                  </Button>
                }
              />
            )}
          </div>
        )}
      </div>
    </li>
  );
}

import { LogIn, MessagesSquare } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { COMMENT_LIMITS } from '@/shared/schemas/comments';
import { Pagination } from '@/web/components/pagination';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import {
  CommentComposer,
  CommentItem,
  type CommentPermissions,
  useCommentActions,
  useCommentPage,
} from '@/web/features/contests';
import { openLoginModal } from '@/web/lib/login-modal';
import type { DiscussionRights } from '../lib';

/**
 * A discussion's comments: the contests' comment area with the discussion's id (HOJ's `did`
 * comments). Admin roles moderate; authors delete their own. A blocked discussion takes no new
 * comments (the server refuses them too).
 */
export function DiscussionComments({
  did,
  rights,
  open,
  onChanged,
}: {
  did: number;
  rights: DiscussionRights;
  /** false for a blocked discussion or one under review */
  open: boolean;
  /** the discussion's comment count changed */
  onChanged(): void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const source = { did };
  const list = useCommentPage(source, page, rights.uid ?? '', true);
  const actions = useCommentActions(source, onChanged);
  const perms: CommentPermissions = {
    uid: rights.uid,
    canPost: rights.canComment && open,
    moderator: rights.isAdmin,
    replyOwnOnly: false,
  };
  const data = list.data;

  return (
    <Card className="min-w-0" data-testid="discussion-comments">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle className="flex items-center gap-2">
          <MessagesSquare className="size-5" aria-hidden />
          {t('comments.title')}
        </CardTitle>
        {data && (
          <span className="text-sm text-muted-foreground" data-testid="comments-total">
            {t('comments.total', { count: data.commentList.total })}
          </span>
        )}
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4">
        {!rights.uid ? (
          <div className="flex flex-wrap items-center gap-3 rounded-md border border-dashed p-4">
            <p className="text-sm text-muted-foreground">{t('comments.loginToComment')}</p>
            <Button size="sm" onClick={() => openLoginModal()} data-testid="comments-login">
              <LogIn />
              {t('comments.login')}
            </Button>
          </div>
        ) : !rights.canComment ? (
          <p
            className="rounded-md border border-dashed p-4 text-sm text-muted-foreground"
            data-testid="comments-muted"
          >
            {t('comments.mutedNotice')}
          </p>
        ) : open ? (
          <CommentComposer
            testId="comment-form"
            placeholder={t('comments.placeholder')}
            submitLabel={t('comments.post')}
            pending={actions.post.isPending}
            onSubmit={async (content) => {
              await actions.post.mutateAsync(content);
              toast.success(t('comments.commentPosted'));
              setPage(1);
            }}
          />
        ) : (
          <p
            className="rounded-md border border-dashed p-4 text-sm text-muted-foreground"
            data-testid="comments-frozen"
          >
            {t('discussion.page.commentsFrozen')}
          </p>
        )}

        {list.isPending ? (
          <div className="grid gap-3" data-testid="comments-loading">
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-20 w-full" />
            ))}
          </div>
        ) : data && data.commentList.records.length > 0 ? (
          <ul className="divide-y" data-testid="comment-list">
            {data.commentList.records.map((comment) => (
              <CommentItem
                key={comment.id}
                source={source}
                comment={comment}
                liked={!!data.commentLikeMap[String(comment.id)]}
                perms={perms}
                actions={actions}
              />
            ))}
          </ul>
        ) : data ? (
          <p className="py-8 text-center text-sm text-muted-foreground" data-testid="comments-empty">
            {t('discussion.page.noComments')}
          </p>
        ) : null}

        {data && (
          <Pagination
            total={data.commentList.total}
            page={page}
            limit={COMMENT_LIMITS.pageSize}
            onPageChange={setPage}
          />
        )}
      </CardContent>
    </Card>
  );
}

import { Info, LogIn, MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ContestStatus } from '@/shared/constants/contests';
import { COMMENT_LIMITS } from '@/shared/schemas/comments';
import { Pagination } from '@/web/components/pagination';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useWebsiteConfig } from '@/web/features/auth';
import { useAuth } from '@/web/lib/auth';
import { openLoginModal } from '@/web/lib/login-modal';
import { readPage, withParams } from '@/web/lib/search-params';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useContestContext } from '../contest-context';
import { NoPermission } from '../ops/parts';
import { useCommentActions, useCommentPage } from './api';
import { CommentComposer } from './comment-composer';
import { CommentItem, type CommentPermissions } from './comment-item';

/** Roles that may not post comments or replies (HOJ's mute roles lack comment_add and reply_add). */
const MUTED_ROLES = ['mute_user', 'no_submit_mute_user'];

/**
 * The Comment tab of a contest (the rules: docs/security.md, Comments): only when the website opened
 * the contest comment area. A composer, the comments (10 a page, most liked first), likes, replies
 * collapsed to the newest 3, deleting for authors and the contest's admins. While the contest runs,
 * participants see only their own and the organisers' comments and reply only to their own.
 */
export function Component() {
  const { t } = useTranslation();
  const { contest, status, isAdmin } = useContestContext();
  const user = useAuth((s) => s.userInfo);
  const token = useAuth((s) => s.token);
  const config = useWebsiteConfig();
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  useDocumentTitle(`${t('comments.title')} - ${contest.title}`);
  const open = config.data?.openContestComment !== false;
  const source = { cid: contest.id };
  const list = useCommentPage(source, page, user?.uid ?? '', open && !!token);
  const actions = useCommentActions(source);

  if (!open) {
    return <NoPermission message={t('comments.contestCommentClosed')} testId="comments-closed" />;
  }

  const muted = !!user && (user.roleList ?? []).some((r) => MUTED_ROLES.includes(r));
  const running = status === ContestStatus.RUNNING;
  const perms: CommentPermissions = {
    uid: user?.uid ?? null,
    canPost: !!user && !muted,
    moderator: isAdmin,
    replyOwnOnly: running,
  };
  const data = list.data;

  return (
    <Card className="min-w-0" data-testid="comments-card">
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
        {running && !isAdmin && (
          <p
            className="flex items-start gap-2 rounded-md border border-sky-500/30 bg-sky-500/10 px-3 py-2 text-sm"
            data-testid="comments-running-notice"
          >
            <Info className="mt-0.5 size-4 shrink-0 text-sky-600" aria-hidden />
            {t('comments.runningNotice')}
          </p>
        )}
        {!user ? (
          <div className="flex flex-wrap items-center gap-3 rounded-md border border-dashed p-4">
            <p className="text-sm text-muted-foreground">{t('comments.loginToComment')}</p>
            <Button size="sm" onClick={() => openLoginModal()} data-testid="comments-login">
              <LogIn />
              {t('comments.login')}
            </Button>
          </div>
        ) : muted ? (
          <p
            className="rounded-md border border-dashed p-4 text-sm text-muted-foreground"
            data-testid="comments-muted"
          >
            {t('comments.mutedNotice')}
          </p>
        ) : (
          <CommentComposer
            testId="comment-form"
            placeholder={t('comments.placeholder')}
            submitLabel={t('comments.post')}
            pending={actions.post.isPending}
            onSubmit={async (content) => {
              await actions.post.mutateAsync(content);
              toast.success(t('comments.commentPosted'));
              if (page !== 1) setParams(withParams(params, { currentPage: null }));
            }}
          />
        )}

        {list.isPending && token ? (
          <div className="grid gap-3" data-testid="comments-loading">
            {[0, 1, 2].map((i) => (
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
            {t('comments.empty')}
          </p>
        ) : null}

        {data && (
          <Pagination
            total={data.commentList.total}
            page={page}
            limit={COMMENT_LIMITS.pageSize}
            onPageChange={(p) => setParams(withParams(params, { currentPage: p === 1 ? null : p }))}
          />
        )}
      </CardContent>
    </Card>
  );
}

import { ArrowLeft, Eye, FolderOpen, Pencil, ThumbsUp, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '@/shared/api/client';
import { DiscussionStatus } from '@/shared/constants/discussions';
import { formatDateTime } from '@/shared/format';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { readableTextColor } from '@/web/components/lib/color';
import { RenderedMarkdown } from '@/web/components/rendered-markdown';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { UserAvatar } from '@/web/components/user-avatar';
import { useAuth } from '@/web/lib/auth';
import { openLoginModal } from '@/web/lib/login-modal';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import {
  useDiscussionActions,
  useDiscussionCategories,
  useDiscussionDetail,
  useDiscussionWrites,
} from '../api';
import { discussionRights, groupPaths, mayEdit, SITE_PATHS } from '../lib';
import { Count, RoleBadge } from './discussion-card';
import { DiscussionComments } from './discussion-comments';
import { DiscussionEditor } from './discussion-editor';
import { ReportDialog } from './report-dialog';

/** A post is free-form: its headings and quotes get the weight statements do not need. */
const POST_PROSE = [
  '[&_h1]:mt-4 [&_h1]:mb-2 [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold',
  '[&_h3]:mt-3 [&_h3]:mb-1 [&_h3]:font-semibold [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground',
  '[&>:first-child]:mt-0',
].join(' ');

/**
 * A discussion (HOJ's /discussion-detail/:discussionID, and a group's inside its group with `gid`):
 * title, "Go to problem", author with role and title, category, likes, views, time; Like, Report,
 * and Edit and Delete for its author and admin roles; the text rendered on the server (Markdown
 * with maths, sanitised as statements are); then its comments. A group's is edited and deleted
 * through the group's calls; its links stay inside the group.
 */
export function DiscussionDetailView({
  did,
  gid,
  moderates = false,
}: {
  did: number;
  gid?: number;
  /** the caller moderates this place's discussions (a group's admins): Edit and Delete on any */
  moderates?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const paths = gid ? groupPaths(gid) : SITE_PATHS;
  const user = useAuth((s) => s.userInfo);
  const token = useAuth((s) => s.token);
  const rights = discussionRights(token ? user : null);
  const detail = useDiscussionDetail(Number.isInteger(did) ? did : 0, rights.uid ?? '');
  const categories = useDiscussionCategories();
  const actions = useDiscussionActions();
  const writes = useDiscussionWrites(gid);
  const [editorOpen, setEditorOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const d = detail.data;
  useDocumentTitle(d?.title ?? t('discussion.page.title'));

  if (detail.isError || !(did > 0)) {
    const message = detail.error instanceof ApiError ? detail.error.message : t('discussion.notFound');
    return (
      <div className="grid justify-items-start gap-3" data-testid="discussion-unavailable">
        <p className="text-muted-foreground">{message}</p>
        <Button variant="outline" asChild>
          <Link to={paths.list(null)}>
            <ArrowLeft />
            {t('discussion.page.backToList')}
          </Link>
        </Button>
      </div>
    );
  }
  if (!d) {
    return (
      <div className="grid gap-3" data-testid="discussion-loading">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }

  const open = d.status === DiscussionStatus.VISIBLE;
  const canChange = moderates || mayEdit(rights, d.uid);
  const like = () => {
    if (!rights.uid) {
      toast.warning(t('errors.pleaseLogin'));
      openLoginModal();
      return;
    }
    actions.like.mutate(
      { did: d.id, toLike: !d.hasLike },
      { onSuccess: (r) => toast.success(t(r.liked ? 'discussion.liked' : 'discussion.unliked')) },
    );
  };
  const titleColour = d.titleColor || '#64748b';

  return (
    <div className="grid gap-4">
      <Card className="min-w-0 gap-3 p-4 sm:p-6" data-testid="discussion-detail">
        {!open && (
          <p
            className="rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm"
            data-testid="discussion-status-banner"
          >
            {t(
              d.status === DiscussionStatus.BLOCKED
                ? 'discussion.page.blockedBanner'
                : 'discussion.underReview',
            )}
          </p>
        )}
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h1
            className="min-w-0 text-xl font-semibold break-words sm:text-2xl"
            data-testid="discussion-heading"
          >
            {d.title}
          </h1>
          {d.pid && (
            <Button asChild size="sm" variant="secondary" className="h-7">
              <Link to={paths.problem(d.pid)} data-testid="discussion-problem">
                {t('discussion.page.goToProblem')}
              </Link>
            </Button>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-muted-foreground">
          <Link
            to={`/user-home?uid=${encodeURIComponent(d.uid)}&username=${encodeURIComponent(d.author)}`}
            className="inline-flex min-w-0 items-center gap-1.5 hover:text-foreground"
          >
            <UserAvatar src={d.avatar} name={d.author} className="size-7 text-xs" />
            <span
              className="max-w-48 truncate text-sm font-medium text-foreground"
              data-testid="discussion-author"
            >
              {d.author}
            </span>
          </Link>
          {d.titleName && (
            <span
              className="rounded-md px-1.5 py-0.5 font-medium"
              style={{ backgroundColor: titleColour, color: readableTextColor(titleColour) }}
            >
              {d.titleName}
            </span>
          )}
          <RoleBadge role={d.role} />
          {d.categoryName && d.categoryId !== null && (
            <Link
              to={`${paths.list(null)}?cid=${d.categoryId}`}
              className="inline-flex items-center gap-1 hover:text-foreground"
              data-testid="discussion-category"
            >
              <FolderOpen className="size-3.5" aria-hidden />
              {d.categoryName}
            </Link>
          )}
          <span data-testid="discussion-likes">
            <Count icon={ThumbsUp} label={t('discussion.page.likes')} value={d.likeNum} />
          </span>
          <span data-testid="discussion-views">
            <Count icon={Eye} label={t('discussion.page.views')} value={d.viewNum} />
          </span>
          <time dateTime={d.gmtCreate} className="tabular-nums">
            {t('discussion.page.postedAt', { time: formatDateTime(d.gmtCreate) })}
          </time>
        </div>
        <div className="border-b pb-2">
          <div className="-ml-2 flex flex-wrap items-center gap-1">
            <Button
              variant="ghost"
              size="sm"
              aria-pressed={d.hasLike}
              className={d.hasLike ? 'text-primary' : 'text-muted-foreground'}
              disabled={!open || actions.like.isPending}
              onClick={like}
              data-testid="discussion-like"
            >
              <ThumbsUp className={d.hasLike ? 'fill-current' : ''} />
              {t(d.hasLike ? 'discussion.page.liked' : 'discussion.page.like')}
            </Button>
            {rights.uid && rights.uid !== d.uid && <ReportDialog did={d.id} disabled={!open} />}
            {canChange && (
              <>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-muted-foreground"
                  onClick={() => setEditorOpen(true)}
                  data-testid="discussion-edit"
                >
                  <Pencil />
                  {t('discussion.page.edit')}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-muted-foreground hover:text-destructive"
                  onClick={() => setConfirmDelete(true)}
                  data-testid="discussion-delete"
                >
                  <Trash2 />
                  {t('discussion.page.delete')}
                </Button>
              </>
            )}
          </div>
        </div>
        <div className="min-w-0 break-words" data-testid="discussion-content">
          <RenderedMarkdown html={d.contentHtml} text={d.content} className={POST_PROSE} />
        </div>
      </Card>

      <DiscussionComments did={d.id} rights={rights} open={open} onChanged={() => void detail.refetch()} />

      <DiscussionEditor
        open={editorOpen}
        onOpenChange={setEditorOpen}
        editing={d}
        pid={d.pid}
        categories={categories.data ?? []}
        isAdmin={rights.isAdmin}
        onSaved={() => void detail.refetch()}
        gid={gid}
      />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('discussion.page.deleteTitle')}
        description={d.title}
        confirmLabel={t('discussion.page.delete')}
        destructive
        testId="discussion-delete-dialog"
        onConfirm={() =>
          writes.remove.mutate(d.id, {
            onSuccess: () => {
              toast.success(t('discussion.deleted'));
              navigate(paths.list(d.pid), { replace: true });
            },
          })
        }
      />
    </div>
  );
}

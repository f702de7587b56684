import { Eye, FolderOpen, MessageSquare, MoreHorizontal, Pencil, Pin, ThumbsUp, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DiscussionItem } from '@/shared/api/discussion-types';
import { formatDateTime } from '@/shared/format';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu';
import { UserAvatar } from '@/web/components/user-avatar';
import { type DiscussionPaths, type DiscussionRights, mayEdit, SITE_PATHS } from '../lib';

/** HOJ's role badges: SPA for root, ADM for admins. */
export function RoleBadge({ role }: { role: string }) {
  const { t } = useTranslation();
  if (role === 'root')
    return (
      <Badge
        className="bg-amber-100 text-red-700 dark:bg-amber-900/60 dark:text-amber-200"
        data-testid="role-badge"
      >
        {t('comments.roleRoot')}
      </Badge>
    );
  if (role === 'admin')
    return (
      <Badge className="bg-sky-600 text-white" data-testid="role-badge">
        {t('comments.roleAdmin')}
      </Badge>
    );
  return null;
}

/** A count with its icon; the word is read out and shown from a tablet up (HOJ hides it on phones). */
export function Count({ icon: Icon, label, value }: { icon: typeof Eye; label: string; value: number }) {
  return (
    <span className="inline-flex items-center gap-1" title={label}>
      <Icon className="size-3.5" aria-hidden />
      <span className="sr-only sm:not-sr-only">{label}</span>
      <span className="tabular-nums">{value}</span>
    </span>
  );
}

/**
 * One discussion in the list (HOJ's card): title to the detail, "Go to problem" for a problem's,
 * description, author with role, comments, likes, views, category and time; Edit and Delete in a
 * menu for the author and admin roles.
 */
export function DiscussionCard({
  item,
  categoryName,
  onCategory,
  rights,
  onEdit,
  onDelete,
  paths = SITE_PATHS,
}: {
  item: DiscussionItem;
  categoryName: string | null;
  onCategory(id: number): void;
  rights: DiscussionRights;
  onEdit(item: DiscussionItem): void;
  onDelete(item: DiscussionItem): void;
  /** where its links go (a group's discussions stay inside the group) */
  paths?: DiscussionPaths;
}) {
  const { t } = useTranslation();
  const [confirm, setConfirm] = useState(false);
  const canChange = mayEdit(rights, item.uid);
  return (
    <Card className="relative gap-2 overflow-hidden p-4" data-testid={`discussion-${item.id}`}>
      {item.topPriority && (
        <span
          className="absolute top-0 right-0 flex items-center gap-1 rounded-bl-md bg-red-600 px-2 py-0.5 text-xs font-medium text-white"
          data-testid="discussion-pinned"
        >
          <Pin className="size-3" aria-hidden />
          {t('discussion.page.pinned')}
        </span>
      )}
      <div className="flex min-w-0 flex-wrap items-center gap-2 pr-16">
        <h2 className="min-w-0 text-base font-semibold break-words">
          <Link
            to={paths.detail(item.id)}
            className="hover:text-primary hover:underline"
            data-testid="discussion-title"
          >
            {item.title}
          </Link>
        </h2>
        {item.pid && (
          <Button asChild size="sm" variant="secondary" className="h-6 px-2 text-xs">
            <Link to={paths.problem(item.pid)} data-testid="discussion-problem">
              {t('discussion.page.goToProblem')}
            </Link>
          </Button>
        )}
      </div>
      <Link
        to={paths.detail(item.id)}
        className="line-clamp-3 text-sm break-words text-muted-foreground"
        data-testid="discussion-description"
      >
        {item.description}
      </Link>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 pt-1 text-xs text-muted-foreground">
        <Link
          to={`/user-home?uid=${encodeURIComponent(item.uid)}&username=${encodeURIComponent(item.author)}`}
          className="inline-flex min-w-0 items-center gap-1.5 hover:text-foreground"
        >
          <UserAvatar src={item.avatar} name={item.author} className="size-6 text-[0.65rem]" loading="lazy" />
          <span className="max-w-40 truncate font-medium" data-testid="discussion-author">
            {item.author}
          </span>
        </Link>
        <RoleBadge role={item.role} />
        <Count icon={MessageSquare} label={t('discussion.page.comments')} value={item.commentNum} />
        <Count icon={ThumbsUp} label={t('discussion.page.likes')} value={item.likeNum} />
        <Count icon={Eye} label={t('discussion.page.views')} value={item.viewNum} />
        {categoryName && item.categoryId !== null && (
          <button
            type="button"
            className="inline-flex items-center gap-1 hover:text-foreground"
            onClick={() => onCategory(item.categoryId ?? 0)}
            data-testid="discussion-category"
          >
            <FolderOpen className="size-3.5" aria-hidden />
            {categoryName}
          </button>
        )}
        <time dateTime={item.gmtCreate} className="tabular-nums">
          {formatDateTime(item.gmtCreate)}
        </time>
        {canChange && (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button
                variant="ghost"
                size="icon-sm"
                className="ml-auto size-7"
                aria-label={t('discussion.page.more')}
                data-testid="discussion-menu"
              >
                <MoreHorizontal />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem onSelect={() => onEdit(item)} data-testid="discussion-menu-edit">
                <Pencil />
                {t('discussion.page.edit')}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => setConfirm(true)} data-testid="discussion-menu-delete">
                <Trash2 />
                {t('discussion.page.delete')}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        )}
      </div>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={t('discussion.page.deleteTitle')}
        description={item.title}
        confirmLabel={t('discussion.page.delete')}
        destructive
        onConfirm={() => onDelete(item)}
        testId="discussion-delete-dialog"
      />
    </Card>
  );
}

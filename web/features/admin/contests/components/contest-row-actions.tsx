import { Download, ExternalLink, ListOrdered, Megaphone, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { AdminContestListItem } from '@/shared/api/contest-types';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { Button } from '@/web/components/ui/button';
import { useDeleteContest } from '../api';
import { contestPath } from '../lib/paths';
import { DownloadsDialog } from './downloads-dialog';

function LinkIcon({
  to,
  label,
  testId,
  children,
  newTab = false,
}: {
  to: string;
  label: string;
  testId: string;
  children: ReactNode;
  newTab?: boolean;
}) {
  return (
    <Button variant="ghost" size="icon" asChild>
      <Link
        to={to}
        aria-label={label}
        title={label}
        data-testid={testId}
        {...(newTab ? { target: '_blank', rel: 'noopener' } : {})}
      >
        {children}
      </Link>
    </Button>
  );
}

/**
 * A contest's tools: edit, its problems, its announcements, open it on the site, downloads,
 * and (root only) delete after a confirmation naming what goes with it.
 */
export function ContestRowActions({
  contest,
  canDelete,
}: {
  contest: AdminContestListItem;
  canDelete: boolean;
}) {
  const { t } = useTranslation();
  const remove = useDeleteContest();
  const id = contest.id;
  return (
    <div className="flex flex-wrap items-center justify-end">
      <LinkIcon
        to={contestPath(id, 'edit')}
        label={t('admin.contest.edit')}
        testId={`admin-contest-edit-${id}`}
      >
        <Pencil />
      </LinkIcon>
      <LinkIcon
        to={contestPath(id, 'problem')}
        label={t('admin.contest.problems')}
        testId={`admin-contest-problems-${id}`}
      >
        <ListOrdered />
      </LinkIcon>
      <LinkIcon
        to={contestPath(id, 'announcement')}
        label={t('admin.contest.announcements')}
        testId={`admin-contest-announcements-${id}`}
      >
        <Megaphone />
      </LinkIcon>
      <LinkIcon
        to={`/contest/${id}`}
        label={t('admin.contest.openOnSite')}
        testId={`admin-contest-open-${id}`}
        newTab
      >
        <ExternalLink />
      </LinkIcon>
      <DownloadsDialog
        cid={id}
        title={contest.title}
        trigger={
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('admin.contest.downloads.title')}
            title={t('admin.contest.downloads.title')}
            data-testid={`admin-contest-downloads-${id}`}
          >
            <Download />
          </Button>
        }
      />
      {canDelete && (
        <ConfirmDialog
          title={t('admin.contest.deleteConfirm', { title: contest.title })}
          description={t('admin.contest.deleteWarning')}
          confirmLabel={t('admin.delete')}
          destructive
          onConfirm={() => remove.mutate(id, { onSuccess: () => toast.success(t('admin.deleted')) })}
          trigger={
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('admin.delete')}
              title={t('admin.delete')}
              disabled={remove.isPending}
              data-testid={`admin-contest-delete-${id}`}
            >
              <Trash2 />
            </Button>
          }
        />
      )}
    </div>
  );
}

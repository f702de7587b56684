import { ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { Problem } from '@/shared/api/types';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { Button } from '@/web/components/ui/button';
import { useDeleteProblem } from '../api';

/** A list row's tools: edit, open the problem's page on the site, and (for those who may) delete. */
export function ProblemRowActions({ problem, canDelete }: { problem: Problem; canDelete: boolean }) {
  const { t } = useTranslation();
  const remove = useDeleteProblem();
  return (
    <div className="flex items-center justify-end">
      <Button variant="ghost" size="icon-sm" asChild>
        <Link
          to={`${problem.id}/edit`}
          aria-label={t('admin.problem.edit')}
          title={t('admin.problem.edit')}
          data-testid={`admin-problem-edit-${problem.id}`}
        >
          <Pencil />
        </Link>
      </Button>
      <Button variant="ghost" size="icon-sm" asChild>
        <Link
          to={`/problem/${encodeURIComponent(problem.problemId)}`}
          target="_blank"
          rel="noopener"
          aria-label={t('admin.problem.openOnSite')}
          title={t('admin.problem.openOnSite')}
          data-testid={`admin-problem-open-${problem.id}`}
        >
          <ExternalLink />
        </Link>
      </Button>
      {canDelete && (
        <ConfirmDialog
          title={t('admin.problem.deleteConfirm', { problemId: problem.problemId })}
          description={t('admin.problem.deleteWarning', { title: problem.title })}
          confirmLabel={t('admin.delete')}
          destructive
          onConfirm={() => remove.mutate(problem.id, { onSuccess: () => toast.success(t('admin.deleted')) })}
          trigger={
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={t('admin.delete')}
              title={t('admin.delete')}
              disabled={remove.isPending}
              data-testid={`admin-problem-delete-${problem.id}`}
            >
              <Trash2 />
            </Button>
          }
        />
      )}
    </div>
  );
}

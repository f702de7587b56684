import { useMutation } from '@tanstack/react-query';
import { ExternalLink, FileArchive, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { PROBLEM_EXPORT_PATH } from '@/shared/api/problem-editor-endpoints';
import type { Problem } from '@/shared/api/types';
import { isRootRoleList } from '@/shared/constants/roles';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { Button } from '@/web/components/ui/button';
import { useAuth } from '@/web/lib/auth';
import { downloadFile } from '@/web/lib/download-file';
import { useDeleteProblem } from '../api';

/** HOJ's Export Problem: the problem as HOJ's zip, which HOJ and this site import. Root only, as on the server. */
function ExportButton({ problem }: { problem: Problem }) {
  const { t } = useTranslation();
  const exporting = useMutation({
    mutationFn: () =>
      downloadFile(PROBLEM_EXPORT_PATH, { pid: [problem.id] }, `problem_export_${problem.id}.zip`),
    onSuccess: () => toast.success(t('admin.problem.exported')),
  });
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-label={t('admin.problem.export')}
      title={t('admin.problem.export')}
      disabled={exporting.isPending}
      onClick={() => exporting.mutate()}
      data-testid={`admin-problem-export-${problem.id}`}
    >
      <FileArchive />
    </Button>
  );
}

/**
 * A list row's tools: edit, open the problem's page on the site, export it (root) and (for those
 * who may) delete.
 */
export function ProblemRowActions({ problem, canDelete }: { problem: Problem; canDelete: boolean }) {
  const { t } = useTranslation();
  const remove = useDeleteProblem();
  const isRoot = isRootRoleList(useAuth((s) => s.userInfo?.roleList) ?? []);
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
      {isRoot && <ExportButton problem={problem} />}
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

import { Pencil, Send, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ApplyPublicProgress } from '@/shared/constants/groups';
import { ProblemAuth } from '@/shared/constants/problems';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { PagedTable } from '@/web/components/paged-table';
import { PendingButton } from '@/web/components/pending-button';
import { Button } from '@/web/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { TableCell, TableRow } from '@/web/components/ui/table';
import { groupProblemEditPath, groupProblemPath } from '../lib';
import { useGroupAdminProblems, useGroupProblemActions } from '../problem-api';

const PAGE_SIZE = 10;
const AUTHS = [ProblemAuth.PUBLIC, ProblemAuth.PRIVATE, ProblemAuth.CONTEST] as const;

/** HOJ's request to publish a group problem: none, asked, agreed, refused. */
const PROGRESS_KEY: Record<number, string> = {
  [ApplyPublicProgress.APPLIED]: 'web.group.problem.progress.applied',
  [ApplyPublicProgress.AGREED]: 'web.group.problem.progress.agreed',
  [ApplyPublicProgress.REFUSED]: 'web.group.problem.progress.refused',
};

/**
 * A group admin's problems (HOJ's group ProblemList): every problem of the group with who sees it
 * (members, hidden, contests only), its request to join the site's public list, Edit (in the
 * console's editor, for those who may change it) and Delete.
 */
export function ProblemAdminTable({ gid, canEdit }: { gid: number; canEdit(author: string): boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useGroupAdminProblems(gid, page, PAGE_SIZE, true);
  const actions = useGroupProblemActions(gid);
  const updated = () => toast.success(t('web.group.saved'));
  return (
    <PagedTable
      data={list.data}
      testId="group-problem-admin-table"
      columns={[
        { label: t('problemPage.list.id'), className: 'w-32' },
        { label: t('problemPage.list.problemTitle') },
        { label: t('web.group.problem.visibility') },
        { label: t('web.group.problem.public'), className: 'hidden md:table-cell' },
        { label: t('web.group.actions'), className: 'text-right' },
      ]}
      empty={{ text: t('web.group.problem.empty') }}
      page={page}
      limit={PAGE_SIZE}
      onPageChange={setPage}
      row={(p) => (
        <TableRow key={p.id} data-testid="group-problem-admin-row" data-problem-id={p.problemId}>
          <TableCell className="font-mono text-muted-foreground">{p.problemId}</TableCell>
          <TableCell className="max-w-64 truncate">
            <Link to={groupProblemPath(gid, p.problemId)} className="text-primary hover:underline">
              {p.title}
            </Link>
          </TableCell>
          <TableCell>
            <Select
              value={String(p.auth)}
              onValueChange={(v) =>
                actions.auth.mutate({ pid: p.id, auth: Number(v) }, { onSuccess: updated })
              }
            >
              <SelectTrigger
                size="sm"
                className="w-36"
                aria-label={t('web.group.problem.visibilityOf', { id: p.problemId })}
              >
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {AUTHS.map((a) => (
                  <SelectItem key={a} value={String(a)}>
                    {t(`web.group.problem.auth.${a}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </TableCell>
          <TableCell className="hidden md:table-cell">
            {p.applyPublicProgress === ApplyPublicProgress.APPLIED ? (
              <PendingButton
                size="sm"
                variant="outline"
                pending={actions.applyPublic.isPending}
                onClick={() =>
                  actions.applyPublic.mutate({ pid: p.id, applied: false }, { onSuccess: updated })
                }
              >
                <Undo2 />
                {t('web.group.problem.withdraw')}
              </PendingButton>
            ) : p.applyPublicProgress === ApplyPublicProgress.AGREED ? (
              <span className="text-sm text-muted-foreground">
                {t(PROGRESS_KEY[ApplyPublicProgress.AGREED] ?? '')}
              </span>
            ) : (
              <PendingButton
                size="sm"
                variant="outline"
                pending={actions.applyPublic.isPending}
                title={p.applyPublicProgress ? t(PROGRESS_KEY[p.applyPublicProgress] ?? '') : undefined}
                onClick={() =>
                  actions.applyPublic.mutate({ pid: p.id, applied: true }, { onSuccess: updated })
                }
                data-testid={`group-problem-apply-${p.problemId}`}
              >
                <Send />
                {t('web.group.problem.applyPublic')}
              </PendingButton>
            )}
          </TableCell>
          <TableCell className="text-right whitespace-nowrap">
            {canEdit(p.author) && (
              <Button variant="ghost" size="sm" asChild>
                <Link
                  to={groupProblemEditPath(gid, p.id)}
                  aria-label={t('web.group.editOf', { title: p.problemId })}
                  data-testid={`group-problem-edit-${p.problemId}`}
                >
                  <Pencil />
                  <span className="hidden sm:inline">{t('web.group.edit')}</span>
                </Link>
              </Button>
            )}
            <ConfirmDialog
              title={t('web.group.problem.deleteConfirm', { id: p.problemId })}
              description={t('web.group.problem.deleteExplain')}
              confirmLabel={t('web.group.delete')}
              destructive
              onConfirm={() =>
                actions.remove.mutate(p.id, { onSuccess: () => toast.success(t('web.group.deleted')) })
              }
              trigger={
                <Button variant="ghost" size="sm" className="text-destructive">
                  {t('web.group.delete')}
                </Button>
              }
            />
          </TableCell>
        </TableRow>
      )}
    />
  );
}

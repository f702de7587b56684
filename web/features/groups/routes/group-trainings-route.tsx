import { ListChecks, ListOrdered, ListPlus, Pencil, Plus, Settings2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { EmptyRow } from '@/web/components/paged-table';
import { Pagination } from '@/web/components/pagination';
import { TitledCard } from '@/web/components/titled-card';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Switch } from '@/web/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { CategoryChip, ProgressBar, TrainingAuthBadge, trainingPath } from '@/web/features/trainings';
import { useAuth } from '@/web/lib/auth';
import { AddGroupProblemDialog } from '../components/add-group-problem-dialog';
import { GroupGate } from '../components/group-gate';
import { TrainingCreateDialog } from '../components/training-create-dialog';
import { CONTENT_PAGE_SIZE, useContentActions, useGroupTrainings } from '../content-api';
import { useGroupContext } from '../group-context';
import { groupTrainingEditPath, mayEdit } from '../lib';

/**
 * The Trainings tab (HOJ's GroupTrainingList): the group's trainings with the caller's progress;
 * a training opens on the site's training pages (the server lets the group's members in). Group
 * admins switch to the management list: visibility, adding the group's problems, delete, create.
 */
function GroupTrainings() {
  const { t } = useTranslation();
  const { gid, standing } = useGroupContext();
  const username = useAuth((s) => s.userInfo?.username ?? null);
  const [page, setPage] = useState(1);
  const [manage, setManage] = useState(false);
  const [creating, setCreating] = useState(false);
  const [adding, setAdding] = useState<number | null>(null);
  const list = useGroupTrainings(gid, page, manage && standing.admin);
  const actions = useContentActions(gid);
  const data = list.data;
  const saved = () => toast.success(t('web.group.saved'));
  return (
    <TitledCard
      title={t('web.group.tabs.training')}
      testId="group-trainings"
      tools={
        standing.admin && (
          <>
            <Button size="sm" onClick={() => setCreating(true)} data-testid="group-training-create">
              <Plus />
              {t('web.group.content.newTraining')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              aria-pressed={manage}
              onClick={() => setManage(!manage)}
              data-testid="group-training-manage"
            >
              {manage ? <ListChecks /> : <Settings2 />}
              {t(manage ? 'web.group.backToList' : 'web.group.manage')}
            </Button>
          </>
        )
      }
    >
      {!data ? (
        <Skeleton className="h-40 w-full" />
      ) : (
        <Table data-testid="group-training-table">
          <TableHeader>
            <TableRow>
              <TableHead>{t('training.page.col.title')}</TableHead>
              <TableHead className="hidden sm:table-cell">{t('training.page.col.auth')}</TableHead>
              {data.manage ? (
                <>
                  <TableHead>{t('web.group.content.visible')}</TableHead>
                  <TableHead className="text-right">{t('web.group.actions')}</TableHead>
                </>
              ) : (
                <>
                  <TableHead className="hidden md:table-cell">{t('training.page.col.category')}</TableHead>
                  <TableHead className="w-44">{t('training.page.col.progress')}</TableHead>
                  <TableHead className="hidden lg:table-cell">{t('training.page.col.author')}</TableHead>
                </>
              )}
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.page.records.length === 0 && <EmptyRow colSpan={5} text={t('training.page.empty')} />}
            {data.manage
              ? data.page.records.map((tr) => (
                  <TableRow key={tr.id} data-testid="group-training-admin-row">
                    <TableCell className="max-w-64 truncate">
                      <Link to={trainingPath(tr.id)} className="font-medium text-primary hover:underline">
                        {tr.title}
                      </Link>
                    </TableCell>
                    <TableCell className="hidden sm:table-cell">
                      <TrainingAuthBadge auth={tr.auth} />
                    </TableCell>
                    <TableCell>
                      <Switch
                        checked={tr.status}
                        aria-label={t('web.group.content.visibleOf', { title: tr.title })}
                        onCheckedChange={(status) =>
                          actions.trainingStatus.mutate({ tid: tr.id, status }, { onSuccess: saved })
                        }
                      />
                    </TableCell>
                    <TableCell className="text-right whitespace-nowrap">
                      {mayEdit(standing, tr.author, username) && (
                        <>
                          <Button variant="ghost" size="icon-sm" asChild>
                            <Link
                              to={groupTrainingEditPath(gid, tr.id, 'edit')}
                              aria-label={t('web.group.editOf', { title: tr.title })}
                              title={t('web.group.edit')}
                              data-testid={`group-training-edit-${tr.id}`}
                            >
                              <Pencil />
                            </Link>
                          </Button>
                          <Button variant="ghost" size="icon-sm" asChild>
                            <Link
                              to={groupTrainingEditPath(gid, tr.id, 'problems')}
                              aria-label={t('web.group.content.problemsOf', { title: tr.title })}
                              title={t('web.group.content.problems')}
                              data-testid={`group-training-problems-${tr.id}`}
                            >
                              <ListOrdered />
                            </Link>
                          </Button>
                        </>
                      )}
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={t('web.group.content.addProblemTo', { title: tr.title })}
                        title={t('web.group.content.addProblem')}
                        onClick={() => setAdding(tr.id)}
                      >
                        <ListPlus />
                      </Button>
                      <ConfirmDialog
                        title={t('web.group.content.deleteConfirm', { title: tr.title })}
                        confirmLabel={t('web.group.delete')}
                        destructive
                        onConfirm={() =>
                          actions.deleteTraining.mutate(tr.id, {
                            onSuccess: () => toast.success(t('web.group.deleted')),
                          })
                        }
                        trigger={
                          <Button variant="ghost" size="sm" className="text-destructive">
                            {t('web.group.delete')}
                          </Button>
                        }
                      />
                    </TableCell>
                  </TableRow>
                ))
              : data.page.records.map((tr) => (
                  <TableRow key={tr.id} data-testid="group-training-row">
                    <TableCell className="max-w-64 truncate">
                      <Link
                        to={trainingPath(tr.id)}
                        className="font-medium text-primary hover:underline"
                        data-testid={`group-training-link-${tr.id}`}
                      >
                        {tr.title}
                      </Link>
                    </TableCell>
                    <TableCell className="hidden sm:table-cell">
                      <TrainingAuthBadge auth={tr.auth} />
                    </TableCell>
                    <TableCell className="hidden md:table-cell">
                      {tr.categoryName && <CategoryChip name={tr.categoryName} color={tr.categoryColor} />}
                    </TableCell>
                    <TableCell>
                      <ProgressBar
                        ac={tr.acCount}
                        total={tr.problemCount}
                        testId={`group-training-progress-${tr.id}`}
                      />
                    </TableCell>
                    <TableCell className="hidden text-muted-foreground lg:table-cell">{tr.author}</TableCell>
                  </TableRow>
                ))}
          </TableBody>
        </Table>
      )}
      <Pagination
        total={data?.page.total ?? 0}
        page={page}
        limit={CONTENT_PAGE_SIZE}
        onPageChange={setPage}
      />
      {standing.admin && (
        <>
          <TrainingCreateDialog gid={gid} actions={actions} open={creating} onOpenChange={setCreating} />
          <AddGroupProblemDialog
            title={t('web.group.content.addProblem')}
            withLabel={false}
            open={adding !== null}
            pending={actions.addTrainingProblem.isPending}
            onOpenChange={(open) => !open && setAdding(null)}
            onAdd={(problemId, _label, done) =>
              adding !== null &&
              actions.addTrainingProblem.mutate(
                { problemId, tid: adding },
                {
                  onSuccess: () => {
                    toast.success(t('web.group.content.problemAdded', { id: problemId }));
                    done();
                  },
                },
              )
            }
          />
        </>
      )}
    </TitledCard>
  );
}

export function Component() {
  return (
    <GroupGate>
      <GroupTrainings />
    </GroupGate>
  );
}

import { FolderCog, ListOrdered, Pencil, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { AdminTraining } from '@/shared/api/training-types';
import { isRootRoleList } from '@/shared/constants/roles';
import { TRAINING_LIMITS, TrainingAuth } from '@/shared/constants/trainings';
import { formatDateTime } from '@/shared/format';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { PagedTable } from '@/web/components/paged-table';
import { TitledCard } from '@/web/components/titled-card';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Switch } from '@/web/components/ui/switch';
import { TableCell, TableRow } from '@/web/components/ui/table';
import { useAuth } from '@/web/lib/auth';
import { readPage, withParams } from '@/web/lib/search-params';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { mayOpen } from '../access';
import { KeywordSearch } from '../components/keyword-search';
import { useAdminTrainingList, useChangeTrainingStatus, useDeleteTraining } from './api';
import { TRAINING_CATEGORY_PATH, trainingAdminPath } from './lib';

function VisibleSwitch({ training, mayChange }: { training: AdminTraining; mayChange: boolean }) {
  const { t } = useTranslation();
  const change = useChangeTrainingStatus();
  return (
    <Switch
      checked={training.status}
      disabled={!mayChange || change.isPending}
      aria-label={t('trainingAdmin.list.visibleOf', { title: training.title })}
      onCheckedChange={(status) =>
        change.mutate(
          { tid: training.id, status },
          { onSuccess: () => toast.success(t('trainingAdmin.updated')) },
        )
      }
      data-testid={`admin-training-visible-${training.id}`}
    />
  );
}

function RowActions({
  training,
  mayChange,
  mayDelete,
}: {
  training: AdminTraining;
  mayChange: boolean;
  mayDelete: boolean;
}) {
  const { t } = useTranslation();
  const remove = useDeleteTraining();
  return (
    <div className="flex flex-wrap justify-end gap-1">
      {mayChange && (
        <>
          <Button variant="outline" size="sm" asChild>
            <Link
              to={trainingAdminPath(training.id, 'edit')}
              data-testid={`admin-training-edit-${training.id}`}
            >
              <Pencil />
              {t('trainingAdmin.list.edit')}
            </Link>
          </Button>
          <Button variant="outline" size="sm" asChild>
            <Link
              to={trainingAdminPath(training.id, 'problems')}
              data-testid={`admin-training-problems-${training.id}`}
            >
              <ListOrdered />
              {t('trainingAdmin.list.problems')}
            </Link>
          </Button>
        </>
      )}
      {mayDelete && (
        <ConfirmDialog
          title={t('trainingAdmin.list.deleteConfirm', { title: training.title })}
          description={t('trainingAdmin.list.deleteHint')}
          destructive
          confirmLabel={t('admin.delete')}
          onConfirm={() =>
            remove.mutate(training.id, { onSuccess: () => toast.success(t('trainingAdmin.deleted')) })
          }
          trigger={
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={t('trainingAdmin.list.deleteOf', { title: training.title })}
              data-testid={`admin-training-delete-${training.id}`}
            >
              <Trash2 />
            </Button>
          }
        />
      )}
    </div>
  );
}

/**
 * The console's training list (HOJ's): every training by order number, searchable by title, id
 * or number. Its creator and root edit one, switch it on and off the site and fill it; root
 * deletes. Root and problem admins also keep the categories.
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.menu.training'));
  const [params, setParams] = useSearchParams();
  const user = useAuth((s) => s.userInfo);
  const roles = user?.roleList ?? [];
  const isRoot = isRootRoleList(roles);
  const page = readPage(params);
  const keyword = params.get('keyword') ?? '';
  const list = useAdminTrainingList(page, keyword);
  // who may change a training is the server's decision; the console offers it to its author and root
  const mayChange = (tr: AdminTraining) => isRoot || tr.author === user?.username;

  return (
    <TitledCard
      title={t('admin.menu.training')}
      testId="admin-trainings"
      tools={
        <>
          {mayOpen('tagAdmins', roles) && (
            <Button size="sm" variant="outline" asChild>
              <Link to={TRAINING_CATEGORY_PATH} data-testid="admin-training-categories">
                <FolderCog />
                {t('trainingAdmin.categories.title')}
              </Link>
            </Button>
          )}
          <Button size="sm" asChild>
            <Link to="create" data-testid="admin-training-create">
              <Plus />
              {t('trainingAdmin.list.create')}
            </Link>
          </Button>
        </>
      }
    >
      <KeywordSearch
        key={keyword}
        keyword={keyword}
        label={t('trainingAdmin.list.search')}
        placeholder={t('trainingAdmin.list.searchPlaceholder')}
        testId="admin-training-search"
        onSearch={(k) => setParams(withParams(params, { keyword: k, currentPage: null }))}
      />
      {!isRoot && <p className="text-sm text-muted-foreground">{t('trainingAdmin.list.ownOnly')}</p>}
      <PagedTable
        data={list.data}
        testId="admin-training-table"
        // on a phone each row is a card: title and badges, then the switch, then the tools
        className="[&_thead]:hidden md:[&_thead]:table-header-group"
        columns={[
          { label: 'ID', className: 'w-14' },
          { label: t('trainingAdmin.list.number'), className: 'w-20' },
          { label: t('trainingAdmin.list.title') },
          { label: t('trainingAdmin.list.info'), className: 'hidden lg:table-cell' },
          { label: t('trainingAdmin.list.visible') },
          { label: t('admin.actions'), className: 'text-right' },
        ]}
        empty={{ text: t('common.noData'), testId: 'admin-training-empty' }}
        page={page}
        limit={TRAINING_LIMITS.adminPageSize}
        onPageChange={(p) => setParams(withParams(params, { currentPage: p }))}
        row={(tr) => (
          <TableRow
            key={tr.id}
            className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-2 py-2 md:table-row md:py-0"
            data-testid={`admin-training-row-${tr.id}`}
          >
            <TableCell className="hidden text-muted-foreground tabular-nums md:table-cell">{tr.id}</TableCell>
            <TableCell className="hidden tabular-nums md:table-cell">{tr.rank}</TableCell>
            <TableCell className="col-span-2 min-w-0 whitespace-normal md:max-w-80">
              <span className="block font-medium break-words" data-testid="admin-training-title">
                {tr.title}
              </span>
              <span className="mt-1 flex flex-wrap items-center gap-1">
                <Badge variant={tr.auth === TrainingAuth.PRIVATE ? 'secondary' : 'outline'}>
                  {t(`training.page.auth.${tr.auth}`)}
                </Badge>
                <span className="text-xs text-muted-foreground md:hidden">
                  #{tr.id} · {tr.author}
                </span>
              </span>
            </TableCell>
            <TableCell className="hidden text-xs text-muted-foreground lg:table-cell">
              <span className="grid tabular-nums">
                <span>{t('trainingAdmin.list.createdAt', { time: formatDateTime(tr.gmtCreate) })}</span>
                <span>{t('trainingAdmin.list.updatedAt', { time: formatDateTime(tr.gmtModified) })}</span>
                <span>{t('trainingAdmin.list.creator', { name: tr.author })}</span>
              </span>
            </TableCell>
            <TableCell className="self-start md:self-auto">
              <span className="flex items-center gap-2">
                <span className="text-xs text-muted-foreground md:hidden" aria-hidden>
                  {t('trainingAdmin.list.visible')}
                </span>
                <VisibleSwitch training={tr} mayChange={mayChange(tr)} />
              </span>
            </TableCell>
            <TableCell className="col-span-2 pt-0 md:pt-2">
              <RowActions training={tr} mayChange={mayChange(tr)} mayDelete={isRoot} />
            </TableCell>
          </TableRow>
        )}
      />
    </TitledCard>
  );
}

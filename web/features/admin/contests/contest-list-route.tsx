import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { AdminContestListItem } from '@/shared/api/contest-types';
import { isRootRoleList } from '@/shared/constants/roles';
import { formatDateTime } from '@/shared/format';
import { PagedTable } from '@/web/components/paged-table';
import { TitledCard } from '@/web/components/titled-card';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Switch } from '@/web/components/ui/switch';
import { TableCell, TableRow } from '@/web/components/ui/table';
import { AUTH_KEY, STATUS_CLASS, STATUS_KEY, TYPE_LABEL } from '@/web/features/contests';
import { useAuth } from '@/web/lib/auth';
import { readPage, withParams } from '@/web/lib/search-params';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { KeywordSearch } from '../components/keyword-search';
import { ADMIN_CONTEST_PAGE_SIZE, useAdminContestList, useChangeContestVisible } from './api';
import { ContestRowActions } from './components/contest-row-actions';
import { durationParts } from './lib/local-time';

function VisibleSwitch({ contest }: { contest: AdminContestListItem }) {
  const { t } = useTranslation();
  const change = useChangeContestVisible();
  return (
    <Switch
      checked={contest.visible}
      disabled={change.isPending}
      aria-label={t('admin.contest.visibleOf', { title: contest.title })}
      onCheckedChange={(visible) =>
        change.mutate({ cid: contest.id, visible }, { onSuccess: () => toast.success(t('admin.updated')) })
      }
      data-testid={`admin-contest-visible-${contest.id}`}
    />
  );
}

function Times({ contest }: { contest: AdminContestListItem }) {
  const { t } = useTranslation();
  const { days, hours, minutes } = durationParts(contest.duration);
  return (
    <span className="grid text-xs text-muted-foreground tabular-nums">
      <span>{formatDateTime(contest.startTime)}</span>
      <span>{formatDateTime(contest.endTime)}</span>
      <span>
        {t('admin.contest.durationValue', { days, hours, minutes, context: days ? 'days' : undefined })}
      </span>
    </span>
  );
}

/**
 * The console's contest list: root sees every contest, another admin the ones they made (the
 * server decides). Searchable by title, visibility switched in place; the page lives in the URL.
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.menu.contest'));
  const [params, setParams] = useSearchParams();
  const roles = useAuth((s) => s.userInfo?.roleList) ?? [];
  const currentPage = readPage(params);
  const keyword = params.get('keyword') ?? '';
  const list = useAdminContestList(currentPage, keyword);
  const isRoot = isRootRoleList(roles);

  return (
    <TitledCard
      title={t('admin.menu.contest')}
      testId="admin-contests"
      tools={
        <Button size="sm" asChild>
          <Link to="create" data-testid="admin-contest-create">
            <Plus />
            {t('admin.contest.create')}
          </Link>
        </Button>
      }
    >
      <KeywordSearch
        key={keyword}
        keyword={keyword}
        label={t('admin.contest.searchLabel')}
        placeholder={t('admin.contest.searchPlaceholder')}
        testId="admin-contest-search"
        onSearch={(k) => setParams(withParams(params, { keyword: k, currentPage: null }))}
      />
      {!isRoot && <p className="text-sm text-muted-foreground">{t('admin.contest.ownOnly')}</p>}
      <PagedTable
        data={list.data}
        testId="admin-contest-table"
        // on a phone each row is a card: title and badges, then times and visibility, then the tools
        className="[&_thead]:hidden md:[&_thead]:table-header-group"
        columns={[
          { label: 'ID', className: 'w-14' },
          { label: t('admin.contest.title') },
          { label: t('admin.contest.type'), className: 'hidden lg:table-cell' },
          { label: t('admin.contest.access'), className: 'hidden lg:table-cell' },
          { label: t('admin.contest.status') },
          { label: t('admin.contest.visible') },
          { label: t('admin.actions'), className: 'text-right' },
        ]}
        empty={{ text: t('common.noData'), testId: 'admin-contest-empty' }}
        page={currentPage}
        limit={ADMIN_CONTEST_PAGE_SIZE}
        onPageChange={(page) => setParams(withParams(params, { currentPage: page }))}
        row={(c) => (
          <TableRow
            key={c.id}
            className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-2 py-2 md:table-row md:py-0"
            data-testid={`admin-contest-row-${c.id}`}
          >
            <TableCell className="hidden text-muted-foreground tabular-nums md:table-cell">{c.id}</TableCell>
            <TableCell className="col-span-2 min-w-0 whitespace-normal md:max-w-72">
              <span className="block font-medium break-words" data-testid="admin-contest-title">
                {c.title}
              </span>
              <span className="mt-1 flex flex-wrap gap-1 lg:hidden">
                <Badge variant="secondary">{TYPE_LABEL[c.type]}</Badge>
                <Badge variant="outline">{t(AUTH_KEY[c.auth])}</Badge>
                <span className="text-xs text-muted-foreground md:hidden">#{c.id}</span>
              </span>
            </TableCell>
            <TableCell className="hidden lg:table-cell">{TYPE_LABEL[c.type]}</TableCell>
            <TableCell className="hidden lg:table-cell">{t(AUTH_KEY[c.auth])}</TableCell>
            <TableCell className="min-w-0">
              <div className="flex flex-wrap items-start gap-2">
                <Badge className={STATUS_CLASS[c.status]} data-testid="admin-contest-status">
                  {t(STATUS_KEY[c.status])}
                </Badge>
                <Times contest={c} />
              </div>
            </TableCell>
            <TableCell className="self-start md:self-auto">
              <span className="flex items-center gap-2">
                <span className="text-xs text-muted-foreground md:hidden" aria-hidden>
                  {t('admin.contest.visible')}
                </span>
                <VisibleSwitch contest={c} />
              </span>
            </TableCell>
            <TableCell className="col-span-2 pt-0 md:pt-2">
              <ContestRowActions contest={c} canDelete={isRoot} />
            </TableCell>
          </TableRow>
        )}
      />
    </TitledCard>
  );
}

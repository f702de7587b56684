import { FileUp, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isRootRoleList } from '@/shared/constants/roles';
import { formatDateTime } from '@/shared/format';
import { PagedTable } from '@/web/components/paged-table';
import { TitledCard } from '@/web/components/titled-card';
import { Button } from '@/web/components/ui/button';
import { TableCell, TableRow } from '@/web/components/ui/table';
import { useAuth } from '@/web/lib/auth';
import { readInt, readPage, withParams } from '@/web/lib/search-params';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { canDeleteProblems, canPublishProblems } from '../access';
import { ADMIN_PROBLEM_PAGE_SIZE, useAdminProblemList } from './api';
import { ProblemAuthSelect } from './components/problem-auth-select';
import { ProblemListFilters } from './components/problem-list-filters';
import { ProblemRowActions } from './components/problem-row-actions';

/**
 * The console's problem list: every problem whatever its visibility, searchable, its visibility
 * changed in place; filters and page live in the URL.
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.menu.problem'));
  const [params, setParams] = useSearchParams();
  const roles = useAuth((s) => s.userInfo?.roleList) ?? [];
  const currentPage = readPage(params);
  const keyword = params.get('keyword') ?? '';
  const auth = readInt(params, 'auth') ?? 0;
  const list = useAdminProblemList({ currentPage, keyword, auth });
  const canPublish = canPublishProblems(roles);
  const canDelete = canDeleteProblems(roles);

  return (
    <TitledCard
      title={t('admin.menu.problem')}
      testId="admin-problems"
      tools={
        <>
          {/* importing is root's (the server refuses anyone else) */}
          {isRootRoleList(roles) && (
            <Button size="sm" variant="outline" asChild>
              <Link to="import" data-testid="admin-problem-import-open">
                <FileUp />
                {t('admin.problemImport.open')}
              </Link>
            </Button>
          )}
          <Button size="sm" asChild>
            <Link to="create" data-testid="admin-problem-create">
              <Plus />
              {t('admin.problem.create')}
            </Link>
          </Button>
        </>
      }
    >
      <ProblemListFilters
        key={keyword}
        keyword={keyword}
        auth={auth}
        onChange={(changes) => setParams(withParams(params, { ...changes, currentPage: null }))}
      />
      <PagedTable
        data={list.data}
        testId="admin-problem-table"
        // on a phone each row is a small card (title and tools, then the visibility), so no row
        // scrolls sideways; the header row is for the table layout only
        className="[&_thead]:hidden sm:[&_thead]:table-header-group"
        columns={[
          { label: 'ID', className: 'w-14' },
          { label: t('admin.problem.displayId'), className: 'w-24' },
          { label: t('admin.problem.title') },
          { label: t('admin.problem.author'), className: 'hidden lg:table-cell' },
          { label: t('admin.problem.visibility'), className: 'w-32' },
          { label: t('admin.problem.created'), className: 'hidden md:table-cell' },
          { label: t('admin.actions'), className: 'text-right' },
        ]}
        empty={{ text: t('common.noData'), testId: 'admin-problem-empty' }}
        page={currentPage}
        limit={ADMIN_PROBLEM_PAGE_SIZE}
        onPageChange={(page) => setParams(withParams(params, { currentPage: page }))}
        row={(p) => (
          <TableRow
            key={p.id}
            className="grid grid-cols-[minmax(0,1fr)_auto] items-center py-1 sm:table-row sm:py-0"
            data-testid={`admin-problem-row-${p.id}`}
            data-problem-id={p.problemId}
          >
            <TableCell className="hidden text-muted-foreground tabular-nums sm:table-cell">{p.id}</TableCell>
            <TableCell className="hidden max-w-28 truncate font-mono sm:table-cell">{p.problemId}</TableCell>
            <TableCell className="min-w-0 font-medium sm:max-w-72">
              <span className="mr-2 font-mono text-xs font-normal text-muted-foreground sm:hidden">
                {p.problemId}
              </span>
              <span className="block truncate sm:inline" title={p.title}>
                {p.title}
              </span>
            </TableCell>
            <TableCell className="hidden lg:table-cell">{p.author}</TableCell>
            <TableCell className="col-span-2 row-start-2 pt-0 sm:pt-2">
              <ProblemAuthSelect pid={p.id} auth={p.auth} canPublish={canPublish} />
            </TableCell>
            <TableCell className="hidden whitespace-nowrap tabular-nums md:table-cell">
              {formatDateTime(p.gmtCreate)}
            </TableCell>
            <TableCell className="col-start-2 row-start-1 whitespace-nowrap">
              <ProblemRowActions problem={p} canDelete={canDelete} />
            </TableCell>
          </TableRow>
        )}
      />
    </TitledCard>
  );
}

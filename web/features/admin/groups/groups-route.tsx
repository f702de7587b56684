import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { GROUP_LIMITS, GroupAuth, GroupStatus } from '@/shared/constants/groups';
import { formatDateTime } from '@/shared/format';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { PagedTable } from '@/web/components/paged-table';
import { TitledCard } from '@/web/components/titled-card';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Switch } from '@/web/components/ui/switch';
import { TableCell, TableRow } from '@/web/components/ui/table';
import { readPage, withParams } from '@/web/lib/search-params';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { KeywordSearch } from '../components/keyword-search';
import { useAdminGroupActions, useAdminGroupList } from './api';

const AUTH_KEY: Record<number, string> = {
  [GroupAuth.PUBLIC]: 'groupAdmin.auth.public',
  [GroupAuth.PROTECTED]: 'groupAdmin.auth.protected',
  [GroupAuth.PRIVATE]: 'groupAdmin.auth.private',
};

/**
 * Root's Groups screen (HOJ's admin group list): every group, banned and hidden ones too, with its
 * owner, access and members; ban (the group exists for root alone while banned) and delete.
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('groupAdmin.title'));
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const keyword = params.get('keyword') ?? '';
  const limit = GROUP_LIMITS.memberPageSize;
  const list = useAdminGroupList({ currentPage: page, limit, ...(keyword ? { keyword } : {}) });
  const actions = useAdminGroupActions();
  return (
    <TitledCard
      title={t('groupAdmin.title')}
      testId="admin-groups"
      tools={
        <KeywordSearch
          keyword={keyword}
          label={t('groupAdmin.search')}
          placeholder={t('groupAdmin.search')}
          testId="admin-group-search"
          onSearch={(k) => setParams(withParams(params, { keyword: k, currentPage: null }))}
        />
      }
    >
      <PagedTable
        data={list.data}
        testId="admin-group-table"
        columns={[
          { label: 'ID', className: 'w-14' },
          { label: t('groupAdmin.name') },
          { label: t('groupAdmin.owner'), className: 'hidden md:table-cell' },
          { label: t('groupAdmin.access'), className: 'hidden sm:table-cell' },
          { label: t('groupAdmin.members'), className: 'hidden lg:table-cell text-right' },
          { label: t('groupAdmin.created'), className: 'hidden xl:table-cell' },
          { label: t('groupAdmin.banned') },
          { label: t('admin.actions'), className: 'text-right' },
        ]}
        empty={{ text: t('common.noData') }}
        page={page}
        limit={limit}
        onPageChange={(p) => setParams(withParams(params, { currentPage: p }))}
        row={(g) => {
          const banned = g.status === GroupStatus.BANNED;
          return (
            <TableRow key={g.id} data-testid={`admin-group-row-${g.id}`}>
              <TableCell className="tabular-nums">{g.id}</TableCell>
              <TableCell className="max-w-56">
                <Link
                  to={`/group/${g.id}`}
                  className="block truncate font-medium text-primary hover:underline"
                >
                  {g.name}
                </Link>
                <span className="block truncate font-mono text-xs text-muted-foreground">{g.shortName}</span>
              </TableCell>
              <TableCell className="hidden max-w-40 truncate md:table-cell">{g.owner}</TableCell>
              <TableCell className="hidden sm:table-cell">
                <span className="flex flex-wrap gap-1">
                  <Badge variant="outline">{t(AUTH_KEY[g.auth] ?? '')}</Badge>
                  {!g.visible && <Badge variant="secondary">{t('groupAdmin.hidden')}</Badge>}
                </span>
              </TableCell>
              <TableCell className="hidden text-right tabular-nums lg:table-cell">{g.memberCount}</TableCell>
              <TableCell className="hidden whitespace-nowrap text-muted-foreground xl:table-cell">
                {formatDateTime(g.gmtCreate)}
              </TableCell>
              <TableCell>
                <Switch
                  checked={banned}
                  disabled={actions.status.isPending}
                  aria-label={t('groupAdmin.banOf', { name: g.name })}
                  onCheckedChange={(ban) =>
                    actions.status.mutate(
                      { gid: g.id, status: ban ? GroupStatus.BANNED : GroupStatus.NORMAL },
                      {
                        onSuccess: () =>
                          toast.success(t(ban ? 'groupAdmin.bannedDone' : 'groupAdmin.unbannedDone')),
                      },
                    )
                  }
                  data-testid={`admin-group-ban-${g.id}`}
                />
              </TableCell>
              <TableCell className="text-right">
                <ConfirmDialog
                  title={t('groupAdmin.deleteConfirm', { name: g.name })}
                  description={t('groupAdmin.deleteExplain')}
                  confirmLabel={t('admin.delete')}
                  destructive
                  testId="admin-group-delete-confirm"
                  onConfirm={() =>
                    actions.remove.mutate(g.id, { onSuccess: () => toast.success(t('admin.deleted')) })
                  }
                  trigger={
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-label={t('groupAdmin.deleteOf', { name: g.name })}
                      data-testid={`admin-group-delete-${g.id}`}
                    >
                      <Trash2 />
                    </Button>
                  }
                />
              </TableCell>
            </TableRow>
          );
        }}
      />
    </TitledCard>
  );
}

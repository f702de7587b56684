import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { GROUP_LIMITS } from '@/shared/constants/groups';
import { Page } from '@/web/app/layouts/page';
import { Pagination } from '@/web/components/pagination';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useAuth } from '@/web/lib/auth';
import { readInt, readPage, withParams } from '@/web/lib/search-params';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useGroupList } from '../api';
import { CreateGroupDialog } from '../components/create-group-dialog';
import { GroupCard } from '../components/group-card';
import { GroupFilters, type GroupFilterValues } from '../components/group-filters';
import { AUTH_KEYS } from '../lib';

/**
 * The group list (HOJ's /group): cards, 12 a page; keyword, access type and "my groups" in the
 * URL; Create group for logged-in users. Visitors browse too.
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('web.group.title'));
  const [params, setParams] = useSearchParams();
  const uid = useAuth((s) => (s.token ? (s.userInfo?.uid ?? null) : null));
  const [creating, setCreating] = useState(false);
  const page = readPage(params);
  const auth = readInt(params, 'auth');
  const values: GroupFilterValues = {
    keyword: params.get('keyword') ?? '',
    auth: AUTH_KEYS.some((a) => a === auth) ? auth : undefined,
    onlyMine: !!uid && params.get('onlyMine') === 'true',
  };
  const list = useGroupList(
    {
      currentPage: page,
      limit: GROUP_LIMITS.pageSize,
      ...(values.keyword ? { keyword: values.keyword } : {}),
      ...(values.auth ? { auth: values.auth } : {}),
      ...(values.onlyMine ? { onlyMine: true } : {}),
    },
    uid ?? '',
  );

  return (
    <Page title={t('web.group.title')}>
      <div className="grid gap-4">
        <GroupFilters
          values={values}
          loggedIn={!!uid}
          onChange={(changes) => setParams(withParams(params, { currentPage: null, ...changes }))}
          onCreate={() => setCreating(true)}
        />
        {list.isPending && (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-40 w-full" />
            ))}
          </div>
        )}
        {list.data && list.data.records.length === 0 && (
          <p
            className="rounded-lg border border-dashed py-12 text-center text-muted-foreground"
            data-testid="group-empty"
          >
            {t('web.group.empty')}
          </p>
        )}
        {list.data && list.data.records.length > 0 && (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="group-list">
            {list.data.records.map((g) => (
              <GroupCard key={g.id} group={g} />
            ))}
          </ul>
        )}
        <Pagination
          total={list.data?.total ?? 0}
          page={page}
          limit={GROUP_LIMITS.pageSize}
          onPageChange={(p) => setParams(withParams(params, { currentPage: p }))}
        />
      </div>
      {uid && <CreateGroupDialog open={creating} onOpenChange={setCreating} />}
    </Page>
  );
}

import { FileUp, Trash2, UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { AdminUser } from '@/shared/api/user-admin-types';
import { PagedTable } from '@/web/components/paged-table';
import { TitledCard } from '@/web/components/titled-card';
import { Button } from '@/web/components/ui/button';
import { useAuth } from '@/web/lib/auth';
import { withParams } from '@/web/lib/search-params';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { ADMIN_USER_PAGE_SIZE, useAdminUserList } from './api';
import { DeleteUsersDialogs } from './components/delete-users-dialogs';
import { UserEditDialog } from './components/user-edit-dialog';
import { UserListFilters } from './components/user-list-filters';
import { UserRow } from './components/user-row';
import { type Caller, rowAccess } from './lib/access';
import { listQuery, readUserFilters, whoParams } from './lib/list-params';

/**
 * The console's user list: search by username, real name or e-mail, list one role or the staff,
 * edit an account in a dialog, delete one or the chosen ones; filters and page live in the URL.
 * Accounts the caller may not touch stay listed with their tools greyed out and the reason.
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.menu.user'));
  const [params, setParams] = useSearchParams();
  const me = useAuth((s) => s.userInfo);
  const caller: Caller = { uid: me?.uid ?? '', roles: me?.roleList ?? [] };
  const filters = readUserFilters(params);
  const list = useAdminUserList(listQuery(filters, ADMIN_USER_PAGE_SIZE));
  const [selected, setSelected] = useState<Map<string, AdminUser>>(new Map());
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser[] | null>(null);

  // a choice made on one page or filter is not carried to another
  const query = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared whenever the list's query changes
  useEffect(() => setSelected(new Map()), [query]);

  const records = list.data?.records ?? [];
  const choosable = records.filter((u) => rowAccess(caller, u).delete);
  const allChosen = choosable.length > 0 && choosable.every((u) => selected.has(u.uid));
  const protectedShown = records.some((u) => rowAccess(caller, u).reason === 'userAdmin.protectedAccount');
  const choose = (users: AdminUser[], on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const u of users) {
        if (on) next.set(u.uid, u);
        else next.delete(u.uid);
      }
      return next;
    });

  return (
    <TitledCard
      title={t('admin.menu.user')}
      testId="admin-users"
      tools={
        <>
          {selected.size > 0 && (
            <Button
              size="sm"
              variant="destructive"
              onClick={() => setDeleting([...selected.values()])}
              data-testid="admin-user-delete-selected"
            >
              <Trash2 />
              {t('admin.user.deleteSelected', { count: selected.size })}
            </Button>
          )}
          <Button size="sm" variant="outline" asChild>
            <Link to="import" data-testid="admin-user-import-link">
              <FileUp />
              {t('admin.user.import.title')}
            </Link>
          </Button>
          <Button size="sm" asChild>
            <Link to="generate" data-testid="admin-user-generate-link">
              <UserPlus />
              {t('admin.user.generate.title')}
            </Link>
          </Button>
        </>
      }
    >
      <UserListFilters
        key={filters.keyword}
        keyword={filters.keyword}
        who={filters.who}
        onChange={(changes) =>
          setParams(
            withParams(params, {
              ...(changes.keyword === undefined ? {} : { keyword: changes.keyword }),
              ...(changes.who === undefined ? {} : whoParams(changes.who)),
              currentPage: null,
            }),
          )
        }
      />
      <PagedTable
        data={list.data}
        testId="admin-user-table"
        // on a phone each row is a small card, so nothing scrolls sideways; the header is for the table layout
        className="[&_thead]:hidden sm:[&_thead]:table-header-group"
        columns={[
          {
            label: (
              <input
                type="checkbox"
                className="size-4 accent-primary align-middle"
                checked={allChosen}
                disabled={choosable.length === 0}
                onChange={(e) => choose(choosable, e.target.checked)}
                aria-label={t('admin.user.selectPage')}
                data-testid="admin-user-select-page"
              />
            ),
            className: 'w-10',
          },
          { label: t('admin.user.username') },
          { label: t('admin.user.realname'), className: 'hidden sm:table-cell' },
          { label: t('admin.user.email'), className: 'hidden lg:table-cell' },
          { label: t('admin.user.type') },
          { label: t('admin.user.status'), className: 'hidden sm:table-cell' },
          { label: t('admin.user.created'), className: 'hidden xl:table-cell' },
          { label: t('admin.actions'), className: 'text-right' },
        ]}
        empty={{ text: t('common.noData'), testId: 'admin-user-empty' }}
        page={filters.currentPage}
        limit={ADMIN_USER_PAGE_SIZE}
        onPageChange={(page) => setParams(withParams(params, { currentPage: page }))}
        row={(u) => (
          <UserRow
            key={u.uid}
            user={u}
            access={rowAccess(caller, u)}
            selected={selected.has(u.uid)}
            onSelect={(on) => choose([u], on)}
            onEdit={() => setEditing(u)}
            onDelete={() => setDeleting([u])}
          />
        )}
      />
      {protectedShown && (
        <p className="text-xs text-muted-foreground" data-testid="admin-user-protected-note">
          {t('admin.user.protectedNote')}
        </p>
      )}
      <UserEditDialog user={editing} caller={caller} onClose={() => setEditing(null)} />
      <DeleteUsersDialogs
        users={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(uids) =>
          setSelected((current) => new Map([...current].filter(([uid]) => !uids.includes(uid))))
        }
      />
    </TitledCard>
  );
}

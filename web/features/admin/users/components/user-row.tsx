import { Lock, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '@/shared/api/user-admin-types';
import { formatDateTime } from '@/shared/format';
import { cn } from '@/shared/lib/utils';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { TableCell, TableRow } from '@/web/components/ui/table';
import type { RowAccess } from '../lib/access';
import { mainRole, roleLabelKey } from '../lib/roles';

function RoleBadge({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const role = mainRole(user.roles);
  return (
    <Badge variant={role === 1000 || role === 1001 || role === 1008 ? 'default' : 'secondary'}>
      {role === null ? t('admin.user.noRole') : t(roleLabelKey(role))}
    </Badge>
  );
}

export function StatusBadge({ user, className }: { user: AdminUser; className?: string }) {
  const { t } = useTranslation();
  const banned = user.status === 1;
  return (
    <Badge
      variant="outline"
      className={cn(banned ? 'border-destructive/50 text-destructive' : 'text-muted-foreground', className)}
      data-status={banned ? 'banned' : 'normal'}
    >
      {t(banned ? 'admin.user.statusBanned' : 'admin.user.statusNormal')}
    </Badge>
  );
}

/**
 * One account of the list. On a phone the row is a small card: the choice box, the name and the
 * tools, then the user type and status under them; the other columns are for wider screens.
 */
export function UserRow({
  user,
  access,
  selected,
  onSelect,
  onEdit,
  onDelete,
}: {
  user: AdminUser;
  access: RowAccess;
  selected: boolean;
  onSelect(on: boolean): void;
  onEdit(): void;
  onDelete(): void;
}) {
  const { t } = useTranslation();
  const reason = access.reason ? t(access.reason) : undefined;
  return (
    <TableRow
      className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center py-1 sm:table-row sm:py-0"
      data-testid={`admin-user-row-${user.username}`}
      data-state={selected ? 'selected' : undefined}
    >
      <TableCell className="w-10">
        <input
          type="checkbox"
          className="size-4 accent-primary align-middle disabled:opacity-40"
          checked={selected}
          disabled={!access.delete}
          onChange={(e) => onSelect(e.target.checked)}
          aria-label={t('admin.user.select', { username: user.username })}
          data-testid={`admin-user-select-${user.username}`}
        />
      </TableCell>
      <TableCell className="min-w-0 sm:max-w-56">
        <div className="flex min-w-0 items-center gap-2">
          <span className="truncate font-medium" title={user.username}>
            {user.username}
          </span>
          {user.titleName && (
            <Badge
              variant="outline"
              className="max-w-28 truncate"
              style={user.titleColor ? { borderColor: user.titleColor, color: user.titleColor } : undefined}
            >
              {user.titleName}
            </Badge>
          )}
        </div>
        {user.realname && (
          <span className="block truncate text-xs text-muted-foreground sm:hidden">{user.realname}</span>
        )}
      </TableCell>
      <TableCell className="hidden max-w-40 truncate sm:table-cell" title={user.realname ?? undefined}>
        {user.realname}
      </TableCell>
      <TableCell className="hidden max-w-56 truncate lg:table-cell" title={user.email ?? undefined}>
        {user.email}
      </TableCell>
      <TableCell className="col-span-2 col-start-2 row-start-2 pt-0 sm:pt-2">
        <div className="flex flex-wrap items-center gap-1.5">
          <RoleBadge user={user} />
          <StatusBadge user={user} className="sm:hidden" />
        </div>
      </TableCell>
      <TableCell className="hidden sm:table-cell" data-testid={`admin-user-status-${user.username}`}>
        <StatusBadge user={user} />
      </TableCell>
      <TableCell className="hidden whitespace-nowrap tabular-nums xl:table-cell">
        {formatDateTime(user.gmtCreate)}
      </TableCell>
      <TableCell className="col-start-3 row-start-1 whitespace-nowrap">
        <div className="flex items-center justify-end" title={reason} data-reason={reason}>
          {!access.edit && <Lock className="mx-1 size-3.5 text-muted-foreground" aria-hidden />}
          <Button
            variant="ghost"
            size="icon-sm"
            disabled={!access.edit}
            onClick={onEdit}
            aria-label={t('admin.user.edit', { username: user.username })}
            data-testid={`admin-user-edit-${user.username}`}
          >
            <Pencil />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            disabled={!access.delete}
            onClick={onDelete}
            aria-label={t('admin.user.delete', { username: user.username })}
            data-testid={`admin-user-delete-${user.username}`}
          >
            <Trash2 />
          </Button>
          {reason && <span className="sr-only">{reason}</span>}
        </div>
      </TableCell>
    </TableRow>
  );
}

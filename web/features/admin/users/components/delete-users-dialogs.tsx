import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError } from '@/shared/api/client';
import type { AdminUser } from '@/shared/api/user-admin-types';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { useDeleteUsers } from '../api';
import { refusalText, showRefusal } from '../lib/error-text';

const NAMES_SHOWN = 10;

/**
 * Deleting users asks first, saying what goes with them. A user with contest submissions is
 * refused by the server (their submissions are other contestants' results too); a second
 * confirmation then shows the server's count and what deleting anyway loses, and only that one
 * sends `force`.
 */
export function DeleteUsersDialogs({
  users,
  onClose,
  onDeleted,
}: {
  /** whom to delete; null: no dialog */
  users: AdminUser[] | null;
  onClose(): void;
  onDeleted(uids: string[]): void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteUsers();
  const [forcing, setForcing] = useState<{ users: AdminUser[]; refusal: string } | null>(null);

  const run = (targets: AdminUser[], force: boolean) => {
    const ids = targets.map((u) => u.uid);
    remove.mutate(
      { ids, force },
      {
        onSuccess: (res) => {
          toast.success(res.msg || t('admin.deleted'));
          setForcing(null);
          onDeleted(ids);
        },
        onError: (error) => {
          // the server's only refusal of a plain deletion that a confirmation can lift
          if (!force && error instanceof ApiError && error.httpStatus === 400)
            setForcing({ users: targets, refusal: refusalText(error, t) });
          else showRefusal(error, t);
        },
      },
    );
  };

  // a long choice is named by its first few, so the dialog still fits a phone
  const names = (list: AdminUser[]) => {
    const shown = list
      .slice(0, NAMES_SHOWN)
      .map((u) => u.username)
      .join(t('admin.user.listSeparator'));
    return list.length > NAMES_SHOWN
      ? t('admin.user.andMore', { names: shown, count: list.length - NAMES_SHOWN })
      : shown;
  };
  const one = users?.length === 1 ? users[0] : undefined;
  return (
    <>
      <ConfirmDialog
        open={users !== null}
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        title={
          one
            ? t('admin.user.deleteOne', { username: one.username })
            : t('admin.user.deleteMany', { count: users?.length ?? 0 })
        }
        description={
          <>
            {!one && users && <span className="mb-2 block break-words font-medium">{names(users)}</span>}
            {t('admin.user.deleteWarning')}
          </>
        }
        confirmLabel={t('admin.delete')}
        destructive
        onConfirm={() => users && run(users, false)}
        testId="admin-user-delete-confirm"
      />
      <ConfirmDialog
        open={forcing !== null}
        onOpenChange={(open) => {
          if (!open) setForcing(null);
        }}
        title={t('admin.user.forceTitle')}
        description={
          <>
            <span className="mb-2 block text-foreground" data-testid="admin-user-force-refusal">
              {forcing?.refusal}
            </span>
            {t('admin.user.forceWarning', { names: forcing ? names(forcing.users) : '' })}
          </>
        }
        confirmLabel={t('admin.user.forceConfirm')}
        destructive
        onConfirm={() => forcing && run(forcing.users, true)}
        testId="admin-user-force-confirm"
      />
    </>
  );
}

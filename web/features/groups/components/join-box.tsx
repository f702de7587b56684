import { Clock, LogIn, LogOut, UserPlus, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { GroupAuth, GroupRole } from '@/shared/constants/groups';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { PendingButton } from '@/web/components/pending-button';
import { Button } from '@/web/components/ui/button';
import { openLoginModal } from '@/web/lib/login-modal';
import type { GroupStanding } from '../lib';
import { useExitGroup, useJoinGroup } from '../mutations';
import { RoleBadge } from './group-badges';
import { JoinDialog, joinedToast } from './join-dialog';

/**
 * HOJ's button under a group's card: a visitor is asked to log in; a user joins a public group at
 * once, applies to a protected one with a reason or joins a private one with its code; an
 * applicant waits, a refused one is told; a member may leave (the owner may not: they disband it
 * in the settings).
 */
export function JoinBox({
  gid,
  auth,
  loggedIn,
  standing,
  known,
}: {
  gid: number;
  auth: number;
  loggedIn: boolean;
  standing: GroupStanding;
  /** the caller's role arrived */
  known: boolean;
}) {
  const { t } = useTranslation();
  const join = useJoinGroup(gid);
  const exit = useExitGroup(gid);
  const [dialog, setDialog] = useState(false);

  if (!loggedIn) {
    return (
      <div className="grid gap-2" data-testid="group-join-box">
        <p className="text-sm text-muted-foreground">{t('web.group.join.loginFirst')}</p>
        <Button className="w-fit" onClick={() => openLoginModal()} data-testid="group-login">
          <LogIn />
          {t('common.login')}
        </Button>
      </div>
    );
  }
  if (!known) return null;
  if (standing.member || standing.isOwner) {
    return (
      <div className="flex flex-wrap items-center gap-2" data-testid="group-join-box">
        <RoleBadge role={standing.isOwner ? GroupRole.ROOT : standing.role} />
        {standing.isOwner ? (
          <span className="text-sm text-muted-foreground">{t('web.group.join.owner')}</span>
        ) : (
          <ConfirmDialog
            title={t('web.group.join.exit')}
            description={t('web.group.join.exitConfirm')}
            confirmLabel={t('web.group.join.exit')}
            destructive
            testId="group-exit-confirm"
            onConfirm={() =>
              exit.mutate(undefined, { onSuccess: () => toast.success(t('web.group.join.left')) })
            }
            trigger={
              <PendingButton variant="outline" size="sm" pending={exit.isPending} data-testid="group-exit">
                <LogOut />
                {t('web.group.join.exit')}
              </PendingButton>
            }
          />
        )}
      </div>
    );
  }
  if (standing.role === GroupRole.APPLICANT) {
    return (
      <p
        className="flex items-center gap-2 text-sm text-amber-800 dark:text-amber-200"
        data-testid="group-applying"
      >
        <Clock className="size-4" aria-hidden />
        {t('web.group.join.waiting')}
      </p>
    );
  }
  if (standing.role === GroupRole.REFUSED) {
    return (
      <p className="flex items-center gap-2 text-sm text-destructive" data-testid="group-refused">
        <XCircle className="size-4" aria-hidden />
        {t('web.group.join.refused')}
      </p>
    );
  }
  const direct = auth === GroupAuth.PUBLIC;
  return (
    <div className="grid gap-2" data-testid="group-join-box">
      {standing.isSiteRoot && <p className="text-sm text-muted-foreground">{t('web.group.join.siteRoot')}</p>}
      <PendingButton
        className="w-fit"
        pending={join.isPending}
        onClick={() =>
          direct ? join.mutate({}, { onSuccess: (role) => joinedToast(role, t) }) : setDialog(true)
        }
        data-testid="group-join"
      >
        <UserPlus />
        {t(
          direct
            ? 'web.group.join.join'
            : auth === GroupAuth.PRIVATE
              ? 'web.group.join.withCode'
              : 'web.group.join.apply',
        )}
      </PendingButton>
      {!direct && <JoinDialog gid={gid} auth={auth} open={dialog} onOpenChange={setDialog} />}
    </div>
  );
}

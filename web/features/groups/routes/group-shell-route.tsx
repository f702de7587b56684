import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useParams } from 'react-router';
import { apiErrorText } from '@/shared/api/error-message';
import { isRoot } from '@/shared/stores/auth';
import { Page } from '@/web/app/layouts/page';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useWebsiteConfig } from '@/web/features/auth';
import { useAuth } from '@/web/lib/auth';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useGroupAccess, useGroupDetail, useGroupRole } from '../api';
import { GroupHeader } from '../components/group-header';
import { GroupTabs } from '../components/group-tabs';
import { JoinBox } from '../components/join-box';
import type { GroupContextValue } from '../group-context';
import { readGroupId, standingOf } from '../lib';

/**
 * A group (HOJ's /group/:groupID): its card with the join box, then the tabs. Someone who may not
 * see its content (a visitor, or a user outside a group that is not public) gets the introduction
 * and the join box; the other tabs are locked. The server checks every call again.
 */
export function Component() {
  const { t } = useTranslation();
  const gid = readGroupId(useParams().groupID);
  const user = useAuth((s) => (s.token ? s.userInfo : null));
  const uid = user?.uid ?? null;
  const detail = useGroupDetail(gid, uid ?? '');
  const role = useGroupRole(gid, uid);
  const access = useGroupAccess(gid, uid);
  const config = useWebsiteConfig();
  useDocumentTitle(detail.data?.name ?? t('web.group.title'));

  if (gid === 0 || detail.error) {
    return (
      <Page>
        <div className="grid justify-items-start gap-3" data-testid="group-missing">
          <p className="text-muted-foreground">
            {detail.error ? apiErrorText(detail.error, t) : t('web.group.notFound')}
          </p>
          <Button variant="outline" asChild>
            <Link to="/group">
              <ArrowLeft />
              {t('web.group.backToList')}
            </Link>
          </Button>
        </div>
      </Page>
    );
  }
  if (!detail.data) {
    return (
      <Page>
        <Skeleton className="mb-4 h-28 w-full" />
        <Skeleton className="h-64 w-full" />
      </Page>
    );
  }
  const group = detail.data;
  const standing = standingOf(role.data ?? 0, !!uid && group.uid === uid, isRoot(user));
  const entered = !!uid && (access.data?.access === true || standing.member);
  const context: GroupContextValue = {
    group,
    gid,
    uid,
    standing,
    access: entered,
    accessKnown: !uid || (access.isFetched && role.isFetched),
  };
  return (
    <Page className="grid gap-4">
      <GroupHeader
        group={group}
        actions={
          <JoinBox gid={gid} auth={group.auth} loggedIn={!!uid} standing={standing} known={role.isFetched} />
        }
      />
      <GroupTabs
        gid={gid}
        locked={!entered}
        root={standing.root}
        discussion={config.data?.openGroupDiscussion !== false}
      />
      <Outlet context={context} />
    </Page>
  );
}

import { ArrowLeft } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isRoot } from '@/shared/stores/auth';
import {
  CodePanel,
  LoadFailed,
  ProblemSplit,
  ProblemTabs,
  StatementSkeleton,
  useCodeWorkspace,
  useDesktopSplit,
  useProblemDetail,
} from '@/web/features/problems';
import { useAuth } from '@/web/lib/auth';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { groupKeys, useGroupAccess, useGroupDetail, useGroupRole } from '../api';
import { groupPath, groupSubmissionPath, readGroupId, standingOf } from '../lib';

/**
 * A group's problem (HOJ's /group/:groupID/problem/:problemID): the problem page with the way back
 * to the group above the statement. Submissions and test runs carry the group's id, so the server
 * checks the membership and the group's status lists them; someone outside the group is told to
 * join it first.
 */
export function Component() {
  const { t } = useTranslation();
  const { groupID, problemID = '' } = useParams();
  const gid = readGroupId(groupID);
  const user = useAuth((s) => (s.token ? s.userInfo : null));
  const uid = user?.uid ?? null;
  const group = useGroupDetail(gid, uid ?? '');
  const role = useGroupRole(gid, uid);
  const access = useGroupAccess(gid, uid);
  const standing = standingOf(role.data ?? 0, !!uid && group.data?.uid === uid, isRoot(user));
  const entered = !!uid && (access.data?.access === true || standing.member);
  const known = !uid || (access.isFetched && role.isFetched);
  const query = useProblemDetail(problemID, gid);
  const desktop = useDesktopSplit();
  useDocumentTitle(query.data?.problem.title ?? problemID);

  const target = useMemo(
    () => ({
      gid,
      detailKey: groupKeys.group(gid),
      detailPath: (id: number) => groupSubmissionPath(gid, id),
    }),
    [gid],
  );
  const workspace = useCodeWorkspace(
    problemID,
    query.data,
    query.isError || !entered,
    undefined,
    undefined,
    target,
  );
  const notice =
    known && !entered ? t(uid ? 'web.group.problem.joinFirst' : 'web.group.problem.loginFirst') : null;

  const statement = (
    <div className={desktop ? 'h-full overflow-y-auto px-6 pb-6' : 'px-4 pt-2 pb-5 sm:px-6'}>
      <div className="grid gap-3 pt-3">
        <Link
          to={groupPath(gid, 'problem')}
          className="inline-flex w-fit max-w-full items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
          data-testid="group-problem-back"
        >
          <ArrowLeft className="size-4 shrink-0" aria-hidden />
          <span className="truncate">{group.data?.name ?? t('web.group.title')}</span>
        </Link>
        {notice && (
          <p
            className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
            data-testid="group-problem-notice"
          >
            {notice}{' '}
            <Link to={groupPath(gid)} className="font-medium underline">
              {t('web.group.tabs.intro')}
            </Link>
          </p>
        )}
        {query.isPending && <StatementSkeleton />}
        {query.isError && <LoadFailed onRetry={() => void query.refetch()} />}
        {query.data && <ProblemTabs detail={query.data} gid={gid} />}
      </div>
    </div>
  );
  return (
    <ProblemSplit
      statement={statement}
      editor={<CodePanel workspace={workspace} fill={desktop} />}
      desktop={desktop}
    />
  );
}

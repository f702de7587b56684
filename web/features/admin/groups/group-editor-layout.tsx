import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useParams } from 'react-router';
import { apiErrorText } from '@/shared/api/error-message';
import { Skeleton } from '@/web/components/ui/skeleton';
import { api } from '@/web/lib/api';
import '../console-messages';
import { ContestEditorScopeContext } from '../contests/api';
import { StatementUploadsContext } from '../markdown-uploads';
import { ProblemEditorScopeContext } from '../problems/api';
import { TrainingEditorScopeContext } from '../trainings/api';
import { groupContestScope, groupProblemScope, groupTrainingScope } from './editor-scopes';

/**
 * The frame of the console's editors mounted inside a group (/group/:groupID/problem/:pid/edit,
 * training/:tid/..., contest/:cid/...): it hands them the group's scope, so their calls go to the
 * group's paths and their links stay in the group. The console's words load with it. Who may edit
 * is the server's decision; a refusal shows on the screen with the server's words.
 */
export function Component() {
  const { t } = useTranslation();
  const raw = Number(useParams().groupID);
  const gid = Number.isInteger(raw) && raw > 0 ? raw : 0;
  const group = useQuery({
    queryKey: ['groups', gid, 'editor-frame'],
    queryFn: () => api.getGroupDetail(gid),
    enabled: gid > 0,
    retry: false,
  });
  const shortName = group.data?.shortName;
  const scopes = useMemo(
    () =>
      shortName === undefined
        ? null
        : {
            problem: groupProblemScope(gid, shortName),
            training: groupTrainingScope(gid),
            contest: groupContestScope(gid),
          },
    [gid, shortName],
  );
  if (gid === 0 || group.error) {
    return (
      <p className="text-muted-foreground" data-testid="group-editor-refused">
        {group.error ? apiErrorText(group.error, t) : t('errors.notFound')}
      </p>
    );
  }
  if (!scopes) return <Skeleton className="h-72 w-full" />;
  return (
    <ProblemEditorScopeContext.Provider value={scopes.problem}>
      <TrainingEditorScopeContext.Provider value={scopes.training}>
        <ContestEditorScopeContext.Provider value={scopes.contest}>
          {/* the upload calls are the site admins': a group's editors write Markdown without them */}
          <StatementUploadsContext.Provider value={false}>
            <div className="min-w-0" data-testid="group-editor">
              <Outlet />
            </div>
          </StatementUploadsContext.Provider>
        </ContestEditorScopeContext.Provider>
      </TrainingEditorScopeContext.Provider>
    </ProblemEditorScopeContext.Provider>
  );
}

import { ListChecks, Plus, Settings2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TitledCard } from '@/web/components/titled-card';
import { Button } from '@/web/components/ui/button';
import { useAuth } from '@/web/lib/auth';
import { GroupGate } from '../components/group-gate';
import { GroupProblemTable } from '../components/group-problem-table';
import { ProblemAdminTable } from '../components/problem-admin-table';
import { ProblemCreateDialog } from '../components/problem-create-dialog';
import { useGroupContext } from '../group-context';
import { mayEdit } from '../lib';

/**
 * The Problems tab (HOJ's GroupProblemList): the group's problems; group admins switch to the
 * management list (visibility, publishing, delete) and create problems.
 */
function GroupProblems() {
  const { t } = useTranslation();
  const { gid, uid, standing } = useGroupContext();
  const username = useAuth((s) => s.userInfo?.username ?? null);
  const [manage, setManage] = useState(false);
  const [creating, setCreating] = useState(false);
  return (
    <TitledCard
      title={t('web.group.tabs.problem')}
      testId="group-problems"
      tools={
        standing.admin && (
          <>
            <Button size="sm" onClick={() => setCreating(true)} data-testid="group-problem-create">
              <Plus />
              {t('web.group.problem.create')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              aria-pressed={manage}
              onClick={() => setManage(!manage)}
              data-testid="group-problem-manage"
            >
              {manage ? <ListChecks /> : <Settings2 />}
              {t(manage ? 'web.group.backToList' : 'web.group.manage')}
            </Button>
          </>
        )
      }
    >
      {manage && standing.admin ? (
        <ProblemAdminTable gid={gid} canEdit={(author) => mayEdit(standing, author, username)} />
      ) : (
        <GroupProblemTable gid={gid} loggedIn={!!uid} />
      )}
      {standing.admin && <ProblemCreateDialog gid={gid} open={creating} onOpenChange={setCreating} />}
    </TitledCard>
  );
}

export function Component() {
  return (
    <GroupGate>
      <GroupProblems />
    </GroupGate>
  );
}

import { useTranslation } from 'react-i18next';
import { TitledCard } from '@/web/components/titled-card';
import { ApplicationTable } from '../components/application-table';
import { GroupGate } from '../components/group-gate';
import { MemberTable } from '../components/member-table';
import { useGroupContext } from '../group-context';

/** The Members tab: the members; for group admins also the applications, roles and removals. */
export function Component() {
  const { t } = useTranslation();
  const { gid, uid, group, standing } = useGroupContext();
  return (
    <GroupGate>
      <div className="grid gap-4">
        {standing.admin && (
          <TitledCard title={t('web.group.member.applications')} testId="group-applications">
            <ApplicationTable gid={gid} />
          </TitledCard>
        )}
        <TitledCard title={t('web.group.tabs.member')} testId="group-members">
          <MemberTable gid={gid} uid={uid} owner={group.uid} standing={standing} />
        </TitledCard>
      </div>
    </GroupGate>
  );
}

import { useParams } from 'react-router';
import { SubmissionDetailView } from '@/web/features/submissions';
import { GroupGate } from '../components/group-gate';

/** A submission of the group's (HOJ's GroupSubmissionDetails) inside the group's page. */
export function Component() {
  return (
    <GroupGate>
      <SubmissionDetailView submitId={Number(useParams().submitID)} />
    </GroupGate>
  );
}

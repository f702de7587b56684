import { useParams } from 'react-router';
import { DiscussionDetailView } from '@/web/features/discussions';
import { GroupGate } from '../components/group-gate';
import { useGroupContext } from '../group-context';

/** A discussion of the group's (HOJ's GroupDiscussionDetails), inside the group's page. */
export function Component() {
  const { gid, standing } = useGroupContext();
  const did = Number(useParams().discussionID ?? 0);
  return (
    <GroupGate>
      {/* the group's admins edit and delete any of its discussions, as the server lets them */}
      <DiscussionDetailView did={did} gid={gid} moderates={standing.admin} />
    </GroupGate>
  );
}

import { GroupAnnouncementList } from '../components/announcement-list';
import { GroupGate } from '../components/group-gate';
import { useGroupContext } from '../group-context';

/** The Announcements tab: members read them; group admins also write, hide and delete them. */
export function Component() {
  const { gid, standing } = useGroupContext();
  return (
    <GroupGate>
      <GroupAnnouncementList gid={gid} manage={standing.admin} />
    </GroupGate>
  );
}

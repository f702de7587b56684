import { useParams } from 'react-router';
import { Page } from '@/web/app/layouts/page';
import { DiscussionDetailView } from '../components/discussion-detail-view';

/** A discussion of the site's area (HOJ's /discussion-detail/:discussionID). */
export function Component() {
  return (
    <Page>
      <DiscussionDetailView did={Number(useParams().discussionID ?? 0)} />
    </Page>
  );
}

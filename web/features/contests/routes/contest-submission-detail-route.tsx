import { useParams } from 'react-router';
import { SubmissionDetailView } from '@/web/features/submissions';

/** A contest submission's detail inside the contest shell (what it shows follows the contest's rules). */
export function Component() {
  return <SubmissionDetailView submitId={Number(useParams().submitID)} />;
}

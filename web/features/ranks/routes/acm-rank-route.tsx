import { RankType } from '@/shared/constants/ranks';
import { RankPage } from '../components/rank-page';

/** HOJ's /acm-rank: users by problems solved outside contests. */
export function Component() {
  return <RankPage type={RankType.ACM} />;
}

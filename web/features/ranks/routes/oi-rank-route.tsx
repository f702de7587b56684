import { RankType } from '@/shared/constants/ranks';
import { RankPage } from '../components/rank-page';

/** HOJ's /oi-rank: users by the sum of their best OI scores outside contests. */
export function Component() {
  return <RankPage type={RankType.OI} />;
}

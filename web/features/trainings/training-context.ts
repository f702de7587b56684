import { useOutletContext } from 'react-router';
import type { TrainingDetail } from '@/shared/api/training-types';

/** What the training's tabs share: the training, the caller and whether they may enter it. */
export interface TrainingContextValue {
  training: TrainingDetail;
  /** the logged-in caller's uid, null for visitors */
  uid: string | null;
  /** may the caller see its problems and rank (public, registered, or its manager) */
  access: boolean;
  /** the caller's own answer arrived (visitors and public trainings: at once) */
  accessKnown: boolean;
}

export function useTrainingContext(): TrainingContextValue {
  return useOutletContext<TrainingContextValue>();
}

import { useMutation } from '@tanstack/react-query';
import { Shuffle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PendingButton } from '@/web/components/pending-button';
import { api } from '@/web/lib/api';

/** HOJ's "pick one": opens a public problem chosen by the server at random. */
export function RandomProblemButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pick = useMutation({
    mutationFn: () => api.getRandomProblem(),
    onSuccess: ({ problemId }) => navigate(`/problem/${encodeURIComponent(problemId)}`),
  });
  return (
    <PendingButton
      variant="outline"
      pending={pick.isPending}
      onClick={() => pick.mutate()}
      data-testid="random-problem"
    >
      <Shuffle />
      {t('home.randomProblem')}
    </PendingButton>
  );
}

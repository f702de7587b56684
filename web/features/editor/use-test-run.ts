import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { JudgeStatus } from '@/shared/constants/judge-status';
import { LIMITS, POLL } from '@/shared/constants/limits';
import type { TestJudgeForm, TestJudgeResult } from '@/shared/schemas/api';
import { codeRuleBroken } from '@/shared/schemas/code-rule';
import { api } from '@/web/lib/api';
import { useAuth } from '@/web/lib/auth';
import { openLoginModal } from '@/web/lib/login-modal';

/** Checks of a test run's result before it is given up (1 s apart: five minutes). */
export const TEST_RUN_MAX_CHECKS = POLL.submissionStatusMaxChecks;

export const testRunKeys = {
  result: (key: string | null) => ['test-run', key] as const,
};

/**
 * The online test: POST /api/submit-problem-test-judge with the custom input (and the
 * expected output when given), then GET /api/get-test-judge-result every POLL.testJudgeMs until
 * the status is final. Login, code and input rules are checked first, as the server does.
 */
export function useTestRun() {
  const { t } = useTranslation();
  const token = useAuth((s) => s.token);
  const [testKey, setTestKey] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: (form: TestJudgeForm) => api.submitProblemTestJudge(form) });

  const poll = useQuery({
    queryKey: testRunKeys.result(testKey),
    queryFn: () => api.getTestJudgeResult(testKey as string),
    enabled: testKey !== null,
    staleTime: Infinity,
    refetchInterval: (query) => {
      if (query.state.error) return false;
      if (query.state.data && query.state.data.status !== JudgeStatus.PENDING) return false;
      return query.state.dataUpdateCount >= TEST_RUN_MAX_CHECKS ? false : POLL.testJudgeMs;
    },
  });
  const result: TestJudgeResult | undefined = poll.data;
  const checks = useQueryClient().getQueryState(testRunKeys.result(testKey))?.dataUpdateCount ?? 0;
  const running =
    mutation.isPending ||
    (testKey !== null &&
      !poll.error &&
      (!result || result.status === JudgeStatus.PENDING) &&
      checks < TEST_RUN_MAX_CHECKS);

  /** Resolves true when the run was queued. */
  const run = async (form: TestJudgeForm): Promise<boolean> => {
    if (running) return false;
    if (!token) {
      toast.error(t('errors.pleaseLogin'));
      openLoginModal();
      return false;
    }
    const broken = codeRuleBroken(form.code);
    if (broken) {
      toast.error(t(broken));
      return false;
    }
    if (!form.userInput) {
      toast.error(t('judgeOps.testInputRequired'));
      return false;
    }
    if (form.userInput.length > LIMITS.testInputMaxLength) {
      toast.error(t('judgeOps.testInputTooLong'));
      return false;
    }
    try {
      setTestKey(await mutation.mutateAsync(form));
      return true;
    } catch {
      // the mutation cache shows the server's message
      return false;
    }
  };

  return { run, running, result, hasRun: testKey !== null };
}

export type TestRun = ReturnType<typeof useTestRun>;

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { shouldPollSubmissions } from '@/shared/api/polling';
import { captchaAnswer, needsCaptcha } from '@/shared/api/submit-captcha';
import { isInProgress, JudgeStatus } from '@/shared/constants/judge-status';
import { codeRuleBroken } from '@/shared/schemas/code-rule';
import type { SubmitForm } from '@/shared/schemas/forms';
import type { SubmitCaptchaState } from '@/web/components/submit-captcha';
import { api } from '@/web/lib/api';
import { useAuth } from '@/web/lib/auth';
import { useLiveDemand, useLiveHealthy, usePushedSubmissions } from '@/web/lib/live';
import { openLoginModal } from '@/web/lib/login-modal';
import { submissionKeys, useSubmissionStatusPoll, useSubmitCode } from './api';

const captchaKey = ['submit-captcha'] as const;

/**
 * The captcha shown above Submit once the server requires one: a fresh image for each try (a
 * captcha works once, right or wrong), refreshed by a click.
 */
function useSubmitCaptcha(): SubmitCaptchaState {
  const [required, setRequired] = useState(false);
  const [answer, setAnswer] = useState('');
  const image = useQuery({
    queryKey: captchaKey,
    queryFn: () => api.getCaptcha(),
    enabled: required,
    staleTime: Infinity,
    gcTime: 0,
  });
  return {
    required,
    answer,
    setAnswer,
    img: image.data?.img ?? null,
    key: image.data?.captchaKey ?? null,
    loading: image.isFetching,
    refresh() {
      setAnswer('');
      void image.refetch();
    },
    require() {
      setAnswer('');
      if (required) void image.refetch();
      else setRequired(true);
    },
  };
}

/**
 * Submit-to-verdict flow: login and code checks, the submit call, then polling of the
 * new submission's status. A failed submit resets the status box.
 */
export function useSubmitFlow(cid = 0) {
  const { t } = useTranslation();
  const token = useAuth((s) => s.token);
  const mutation = useSubmitCode();
  const captcha = useSubmitCaptcha();
  const [submitId, setSubmitId] = useState<number | null>(null);
  const [firstStatus, setFirstStatus] = useState<number | undefined>(undefined);
  const queryClient = useQueryClient();
  // the new submission is the caller's own: once the healthy stream has pushed it, it is not polled.
  // Until then it is: one judged before the stream opened is in no snapshot and would never arrive.
  const healthy = useLiveHealthy();
  const pushed = usePushedSubmissions()[submitId ?? -1];
  const ids = submitId === null || (healthy && pushed) ? [] : [submitId];
  const poll = useSubmissionStatusPoll(ids, cid);
  const polled = submitId === null ? undefined : poll.data?.[String(submitId)];
  const status = pushed?.status ?? polled?.status ?? firstStatus;
  const waiting = pushed ?? polled;
  const queue =
    status === JudgeStatus.PENDING && waiting?.queuePosition
      ? { position: waiting.queuePosition, etaSeconds: waiting.queueEtaSeconds ?? null }
      : null;
  // while the new submission is judged, the page wants it pushed
  useLiveDemand(submitId !== null && (status === undefined || isInProgress(status)));
  const pollState = queryClient.getQueryState([...submissionKeys.status(ids), cid]);
  // still being judged and still watched: a second submit waits (guard against double submits)
  const judging =
    submitId !== null &&
    (healthy && pushed
      ? isInProgress(pushed.status)
      : !pollState?.error && shouldPollSubmissions([status], pollState?.dataUpdateCount ?? 0));

  const submit = (form: Omit<SubmitForm, 'code' | 'captcha' | 'captchaKey'> & { code: string }) => {
    if (mutation.isPending || judging) return;
    if (!token) {
      toast.error(t('errors.pleaseLogin'));
      openLoginModal();
      return;
    }
    // the shared code rule without zod, which stays out of the problem page's first load (its size budget)
    const broken = codeRuleBroken(form.code);
    if (broken) {
      toast.error(t(broken));
      return;
    }
    const sent = captchaAnswer(captcha);
    if (!sent) {
      toast.error(t('workspace.captchaNeeded'));
      return;
    }
    setSubmitId(null);
    mutation.mutate(
      { ...form, ...sent },
      {
        onSuccess: (row) => {
          setFirstStatus(row.status);
          setSubmitId(row.submitId);
          // the captcha is used up: the next submit gets a fresh one
          if (captcha.required) captcha.refresh();
        },
        onError: (error) => {
          setSubmitId(null);
          setFirstStatus(undefined);
          if (needsCaptcha(error)) captcha.require();
        },
      },
    );
  };

  return {
    submit,
    submitting: mutation.isPending,
    submitId,
    status,
    /** the new submission's place in the queue while it waits */
    queue,
    busy: mutation.isPending || judging,
    captcha,
  };
}

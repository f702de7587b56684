import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { shouldPollSubmissions } from '@/shared/api/polling';
import { MESSAGE_DURATION_MS } from '@/shared/constants/limits';
import { codeSchema, type SubmitForm } from '@/shared/schemas/forms';
import { useAuth } from '@/web/lib/auth';
import { openLoginModal } from '@/web/lib/login-modal';
import { submissionKeys, useSubmissionStatusPoll, useSubmitCode } from './api';

/**
 * Submit-to-verdict flow of spec §4: login and code checks, the submit call, then polling of the
 * new submission's status. A failed submit resets the status box.
 */
export function useSubmitFlow() {
  const { t } = useTranslation();
  const token = useAuth((s) => s.token);
  const mutation = useSubmitCode();
  const [submitId, setSubmitId] = useState<number | null>(null);
  const [firstStatus, setFirstStatus] = useState<number | undefined>(undefined);
  const queryClient = useQueryClient();
  const ids = submitId === null ? [] : [submitId];
  const poll = useSubmissionStatusPoll(ids);
  const status = poll.data?.[String(submitId)]?.status ?? firstStatus;
  const pollState = queryClient.getQueryState(submissionKeys.status(ids));
  // still being judged and still watched: a second submit waits (guard against double submits)
  const judging =
    submitId !== null &&
    !pollState?.error &&
    shouldPollSubmissions([status], pollState?.dataUpdateCount ?? 0);

  const submit = (form: Omit<SubmitForm, 'code'> & { code: string }) => {
    if (mutation.isPending || judging) return;
    if (!token) {
      toast.error(t('errors.pleaseLogin'), { duration: MESSAGE_DURATION_MS });
      openLoginModal();
      return;
    }
    const check = codeSchema.safeParse(form.code);
    if (!check.success) {
      toast.error(t(check.error.issues[0].message), { duration: MESSAGE_DURATION_MS });
      return;
    }
    setSubmitId(null);
    mutation.mutate(form, {
      onSuccess: (row) => {
        setFirstStatus(row.status);
        setSubmitId(row.submitId);
      },
      onError: () => {
        setSubmitId(null);
        setFirstStatus(undefined);
      },
    });
  };

  return { submit, submitting: mutation.isPending, submitId, status, busy: mutation.isPending || judging };
}

import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { RegisterCodeSent } from '@/shared/api/account-types';
import { ACCOUNT } from '@/shared/constants/accounts';
import { emailSchema } from '@/shared/schemas/forms';
import { InputField, type InputFieldProps } from '@/web/components/form-field';
import { PendingButton } from '@/web/components/pending-button';

/** One text field as a form holds it (see useFormFields). */
interface TextField {
  id: string;
  value: string;
  error?: string | undefined;
  onChange(e: { target: { value: string } }): void;
}

/** An e-mail address input: the browser offers the user's addresses and checks the form on phones' keyboards. */
export function EmailField(props: Omit<InputFieldProps, 'type' | 'autoComplete'>) {
  return <InputField type="email" autoComplete="email" {...props} />;
}

/** A button's wait after it sent mail (the app keeps it, so it outlives the form). */
interface Countdown {
  seconds: number;
  start(seconds: number): void;
  /** waits as long as a refusal (a 429) says */
  startAsToldBy(error: unknown): void;
}

/**
 * An e-mail address and the code mailed to it, with the button that mails the code. The address
 * is checked with the shared e-mail schema before anything is sent; after a sent code the button
 * waits `resendSeconds`, or as long as a refusal says.
 */
export function EmailCodeFields({
  email,
  code,
  send,
  countdown,
  resendSeconds,
  sendTestId,
  onEmailError,
}: {
  email: TextField & { label: string; onBlur?(): void };
  code: TextField;
  send: UseMutationResult<RegisterCodeSent, Error, string>;
  countdown: Countdown;
  resendSeconds: number;
  sendTestId: string;
  /** shows the address's message (a locale key), or clears it */
  onEmailError(key: string | undefined): void;
}) {
  const { t } = useTranslation();
  const wait = countdown.seconds;

  const onSend = () => {
    const parsed = emailSchema.safeParse(email.value);
    if (!parsed.success) return onEmailError(parsed.error.issues[0]?.message);
    onEmailError(undefined);
    send.mutate(parsed.data, {
      onSuccess: (sent) => {
        toast.success(sent.msg);
        countdown.start(resendSeconds);
      },
      onError: (error) => countdown.startAsToldBy(error),
    });
  };

  return (
    <>
      <EmailField {...email} />
      <InputField
        label={t('auth.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={ACCOUNT.registerCodeLength}
        {...code}
      >
        <PendingButton
          type="button"
          variant="outline"
          className="min-w-28"
          pending={send.isPending}
          disabled={wait > 0}
          onClick={onSend}
          data-testid={sendTestId}
        >
          {wait > 0 ? t('auth.resendIn', { seconds: wait }) : t('auth.sendCode')}
        </PendingButton>
      </InputField>
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { Input } from '@/web/components/ui/input';
import { Skeleton } from '@/web/components/ui/skeleton';

/**
 * A submit form's captcha (shared/api/submit-captcha): the web app's workspace and the extension's
 * quick submit each keep it their own way and show it with this component.
 */
export interface SubmitCaptchaState {
  /** the server asked for one: shown from then on */
  required: boolean;
  answer: string;
  setAnswer(answer: string): void;
  /** data:image/svg+xml of GET /api/captcha; null while none is loaded */
  img: string | null;
  key: string | null;
  loading: boolean;
  /** a new image (and an empty answer) */
  refresh(): void;
  /** the server refused the submit for its captcha: shown, with a new image */
  require(): void;
}

/** The captcha above Submit when the server requires one: click the image for a new one. */
export function SubmitCaptcha({ captcha }: { captcha: SubmitCaptchaState }) {
  const { t } = useTranslation();
  if (!captcha.required) return null;
  return (
    <div className="flex items-center gap-2" data-testid="submit-captcha">
      <button
        type="button"
        onClick={captcha.refresh}
        title={t('workspace.captchaRefresh')}
        aria-label={t('workspace.captchaRefresh')}
        className="h-9 w-[6.75rem] shrink-0 overflow-hidden rounded-md border bg-white outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        data-testid="submit-captcha-image"
      >
        {captcha.img && !captcha.loading ? (
          <img src={captcha.img} alt={t('workspace.captchaImage')} className="h-full w-full object-contain" />
        ) : (
          <Skeleton className="h-full w-full rounded-none" />
        )}
      </button>
      <Input
        value={captcha.answer}
        onChange={(e) => captcha.setAnswer(e.target.value)}
        placeholder={t('workspace.captchaPlaceholder')}
        aria-label={t('workspace.captchaPlaceholder')}
        maxLength={8}
        inputMode="numeric"
        autoComplete="off"
        className="h-9 w-24"
        data-testid="submit-captcha-input"
      />
    </div>
  );
}

import { useState } from 'react';
import type { SubmitCaptchaState } from '@/web/components/submit-captcha';
import { pageApi } from '../ui/page-api';
import { useFreshFetch } from './use-fresh-fetch';

/**
 * The submit captcha of the extension's quick submit, in the shape the web app's SubmitCaptcha
 * shows (so the same component draws it): hidden until the worker reports that the server asked
 * for one, then a fresh GET /api/captcha image for each try (a captcha works once, right or wrong),
 * refreshed by a click.
 */
export function useSubmitCaptcha(
  serverUrl: string,
  language: string,
): SubmitCaptchaState & { error: unknown } {
  const [required, setRequired] = useState(false);
  const [answer, setAnswer] = useState('');
  const image = useFreshFetch(() => pageApi(serverUrl, language).getCaptcha(), required);
  return {
    required,
    answer,
    setAnswer,
    img: image.data?.img ?? null,
    key: image.data?.captchaKey ?? null,
    loading: image.loading,
    /** the image could not be fetched (said under it; a click on it tries again) */
    error: image.error,
    refresh() {
      setAnswer('');
      image.refetch();
    },
    require() {
      setAnswer('');
      if (required) image.refetch();
      else setRequired(true);
    },
  };
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/web/components/ui/button';
import { GrabAndSubmit } from '../ui/grab-and-submit';

/** "Submit code from this tab": takes the tab's selection or editor contents into the submit form. */
export function QuickSubmit({ serverUrl }: { serverUrl: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (open) return <GrabAndSubmit serverUrl={serverUrl} onClose={() => setOpen(false)} />;
  return (
    <Button size="sm" variant="outline" onClick={() => setOpen(true)} data-testid="quick-submit">
      {t('ext.submit.fromTab')}
    </Button>
  );
}

import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/web/components/ui/button';
import { copyText } from '@/web/lib/clipboard';

export function CopyButton({
  text,
  label,
  ...rest
}: { text: string; label?: string } & Record<`data-${string}`, string>) {
  const { t } = useTranslation();
  return (
    <Button variant="ghost" size="sm" onClick={() => void copyText(text)} {...rest}>
      <Copy />
      {label ?? t('common.copy')}
    </Button>
  );
}

import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { copyText } from '@/web/components/lib/clipboard';
import { Button } from '@/web/components/ui/button';

export function CopyButton({
  text,
  label,
  ...rest
}: { text: string; label?: string } & Record<`data-${string}`, string>) {
  const { t } = useTranslation();
  return (
    <Button variant="ghost" size="sm" onClick={() => void copyText(text, t)} {...rest}>
      <Copy />
      {label ?? t('common.copy')}
    </Button>
  );
}

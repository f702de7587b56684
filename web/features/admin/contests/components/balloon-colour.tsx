import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/web/components/ui/button';

/** What a colour input shows while no colour is chosen (it cannot be empty). */
const PLACEHOLDER = '#ffffff';

/**
 * A problem's balloon colour: a colour picker, and a button that takes the colour away again
 * (no colour: the balloon desk sees none). `value` is '' or a #rrggbb colour.
 */
export function BalloonColour({
  id,
  label,
  value,
  onChange,
  invalid = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  invalid?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-1.5">
      <input
        id={id}
        type="color"
        aria-label={label}
        aria-invalid={invalid}
        value={value || PLACEHOLDER}
        onChange={(e) => onChange(e.target.value)}
        className="h-9 w-12 shrink-0 cursor-pointer rounded-md border bg-transparent p-1"
        data-testid={id}
        data-colour={value}
      />
      {value ? (
        <Button
          type="button"
          variant="ghost"
          size="icon-sm"
          aria-label={t('admin.contest.balloonClear')}
          title={t('admin.contest.balloonClear')}
          onClick={() => onChange('')}
          data-testid={`${id}-clear`}
        >
          <X />
        </Button>
      ) : (
        <span className="text-xs text-muted-foreground">{t('admin.contest.balloonNone')}</span>
      )}
    </div>
  );
}

import type { LucideIcon } from 'lucide-react';
import type * as React from 'react';
import { cn } from '@/shared/lib/utils';
import { Card } from '@/web/components/ui/card';

/** One number of the dashboard: what it counts, the number, and a line below it when it needs one. */
export function StatTile({
  icon: Icon,
  label,
  value,
  note,
  testId,
  className,
}: {
  icon: LucideIcon;
  label: string;
  value: React.ReactNode;
  note?: React.ReactNode;
  testId: string;
  className?: string;
}) {
  return (
    <Card className={cn('gap-1 px-4 py-4', className)} data-testid={testId}>
      <div className="flex items-center gap-2 text-sm text-muted-foreground">
        <Icon className="size-4 shrink-0" aria-hidden />
        <span>{label}</span>
      </div>
      <div className="text-2xl font-semibold tabular-nums" data-testid={`${testId}-value`}>
        {value}
      </div>
      {note && <div className="text-xs text-muted-foreground">{note}</div>}
    </Card>
  );
}

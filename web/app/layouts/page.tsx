import type { ReactNode } from 'react';
import { cn } from '@/shared/lib/utils';

/** Standard content width and padding for list pages. */
export function Page({
  title,
  actions,
  children,
  className,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('mx-auto w-full max-w-screen-xl px-3 py-4 sm:px-6 sm:py-6', className)}>
      {(title || actions) && (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          {title && <h1 className="text-xl font-semibold tracking-tight">{title}</h1>}
          {actions}
        </div>
      )}
      {children}
    </div>
  );
}

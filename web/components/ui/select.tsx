import { CheckIcon, ChevronDownIcon } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import type * as React from 'react';
import { createContext, useContext, useState } from 'react';
import { cn } from '@/shared/lib/utils';

/** Whether SelectContent draws its items now (false only for a lazy Select that is closed). */
const ItemsShown = createContext(true);

/**
 * Radix's Select, and with `lazy` one whose items are drawn once its list is first opened. A closed
 * Radix list still draws every item, at once and outside React's time slicing, so that the chosen
 * one can name the trigger: on a phone a list of twenty was a page's longest task
 * (docs/benchmarks.md, Eighth pass). A lazy Select's trigger names the value itself (SelectValue's
 * children); until first opened, typing a letter on the closed trigger chooses nothing (arrows
 * still open it).
 */
export function Select({
  lazy = false,
  ...props
}: React.ComponentProps<typeof SelectPrimitive.Root> & { lazy?: boolean }) {
  return lazy ? <LazySelect {...props} /> : <SelectPrimitive.Root {...props} />;
}

function LazySelect({
  open,
  defaultOpen,
  onOpenChange,
  ...props
}: React.ComponentProps<typeof SelectPrimitive.Root>) {
  const [ownOpen, setOwnOpen] = useState(defaultOpen ?? false);
  const shown = open ?? ownOpen;
  // once drawn the items stay: the list fades out as it closes, and emptied at once it stayed on
  // the page, taking the next click
  const [drawn, setDrawn] = useState(false);
  if (shown && !drawn) setDrawn(true);
  return (
    <ItemsShown.Provider value={shown || drawn}>
      <SelectPrimitive.Root
        open={shown}
        onOpenChange={(next) => {
          setOwnOpen(next);
          onOpenChange?.(next);
        }}
        {...props}
      />
    </ItemsShown.Provider>
  );
}
export const SelectValue = SelectPrimitive.Value;

export function SelectTrigger({
  className,
  children,
  size = 'default',
  ...props
}: React.ComponentProps<typeof SelectPrimitive.Trigger> & { size?: 'sm' | 'default' }) {
  return (
    <SelectPrimitive.Trigger
      data-slot="select-trigger"
      data-size={size}
      className={cn(
        'flex w-fit items-center justify-between gap-2 whitespace-nowrap rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs outline-none transition-[color,box-shadow] focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 data-[placeholder]:text-muted-foreground data-[size=default]:h-9 data-[size=sm]:h-8 dark:bg-input/30 *:data-[slot=select-value]:line-clamp-1 [&_svg]:pointer-events-none [&_svg]:shrink-0',
        className,
      )}
      {...props}
    >
      {children}
      <SelectPrimitive.Icon asChild>
        <ChevronDownIcon className="size-4 opacity-50" />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
}

export function SelectContent({
  className,
  children,
  position = 'popper',
  onCloseAutoFocus,
  ...props
}: React.ComponentProps<typeof SelectPrimitive.Content>) {
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        data-slot="select-content"
        className={cn(
          'relative z-50 max-h-(--radix-select-content-available-height) min-w-[8rem] overflow-y-auto overflow-x-hidden rounded-md border bg-popover text-popover-foreground shadow-md data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=open]:animate-in data-[state=open]:fade-in-0',
          position === 'popper' && 'data-[side=bottom]:translate-y-1 data-[side=top]:-translate-y-1',
          className,
        )}
        position={position}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          // the close animation ends after the user may already have clicked elsewhere (e.g. into the
          // code editor): do not pull the focus back to the trigger then
          const active = document.activeElement;
          if (active && active !== document.body && !(event.currentTarget as Node | null)?.contains(active)) {
            event.preventDefault();
          }
        }}
        {...props}
      >
        <SelectPrimitive.Viewport
          className={cn(
            'p-1',
            position === 'popper' &&
              'h-[var(--radix-select-trigger-height)] w-full min-w-[var(--radix-select-trigger-width)] scroll-my-1',
          )}
        >
          <LazyItems>{children}</LazyItems>
        </SelectPrimitive.Viewport>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

function LazyItems({ children }: { children: React.ReactNode }) {
  return useContext(ItemsShown) ? children : null;
}

export function SelectItem({
  className,
  children,
  ...props
}: React.ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <SelectPrimitive.Item
      data-slot="select-item"
      className={cn(
        'relative flex w-full cursor-default select-none items-center gap-2 rounded-sm py-1.5 pr-8 pl-2 text-sm outline-hidden focus:bg-accent focus:text-accent-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
        className,
      )}
      {...props}
    >
      <span className="absolute right-2 flex size-3.5 items-center justify-center">
        <SelectPrimitive.ItemIndicator>
          <CheckIcon className="size-4" />
        </SelectPrimitive.ItemIndicator>
      </span>
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
    </SelectPrimitive.Item>
  );
}

import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';

const triggerClass =
  'inline-flex flex-1 items-center justify-center gap-1 border-b-2 border-transparent px-1.5 py-1.5 text-xs font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring data-[state=active]:border-primary data-[state=active]:text-foreground';

export interface PopupTab {
  value: string;
  label: ReactNode;
  content: ReactNode;
}

/**
 * The popup's sections as tabs, so it stays within the browser's 600 px popup height whatever
 * it holds: the active panel scrolls inside the popup instead of growing it.
 */
export function PopupTabs({
  tabs,
  value,
  onValueChange,
  label,
}: {
  tabs: PopupTab[];
  value: string;
  onValueChange: (value: string) => void;
  label: string;
}) {
  return (
    <Tabs.Root value={value} onValueChange={onValueChange} className="flex min-h-0 flex-1 flex-col">
      <Tabs.List className="flex shrink-0 border-b" aria-label={label}>
        {tabs.map((tab) => (
          <Tabs.Trigger
            key={tab.value}
            value={tab.value}
            className={triggerClass}
            data-testid={`tab-${tab.value}`}
          >
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content
          key={tab.value}
          value={tab.value}
          className="-mx-1 min-h-0 flex-1 overflow-y-auto px-1 pt-3 pb-1 focus-visible:outline-2 focus-visible:outline-ring"
          data-testid={`panel-${tab.value}`}
        >
          {tab.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

import { Tabs as RadixTabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from './cn';

/** Radix tabs (arrow keys, roles, focus) in the app's one look. */
export const Tabs = RadixTabs.Root;
export const TabPanel = RadixTabs.Content;

export function TabList({
  label,
  tabs,
  className,
}: {
  label: string;
  tabs: readonly { value: string; label: ReactNode }[];
  className?: string;
}) {
  return (
    <RadixTabs.List aria-label={label} className={cn('mb-4 flex gap-1 overflow-x-auto rounded-lg border border-border p-1', className)}>
      {tabs.map((tab) => (
        <RadixTabs.Trigger
          key={tab.value}
          value={tab.value}
          className="flex-1 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground data-[state=active]:bg-brand data-[state=active]:text-brand-foreground"
        >
          {tab.label}
        </RadixTabs.Trigger>
      ))}
    </RadixTabs.List>
  );
}

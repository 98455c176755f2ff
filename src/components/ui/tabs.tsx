"use client";

import * as TabsPrimitive from "@radix-ui/react-tabs";
import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

export type TabItem<T extends string> = { value: T; label: ReactNode; panel: ReactNode };

/**
 * WAI-ARIA tabs on Radix (arrow keys, Home/End). Only the selected panel is rendered, so a panel that loads data
 * does so when it is first opened. The tab list wraps instead of scrolling, so no tab hides off-screen on a phone.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
  className,
}: {
  label: string;
  tabs: TabItem<T>[];
  value: T;
  onChange(value: T): void;
  className?: string;
}) {
  return (
    <TabsPrimitive.Root value={value} onValueChange={(next) => onChange(next as T)} className={className}>
      <TabsPrimitive.List aria-label={label} className="flex flex-wrap gap-1 border-b border-gray-200">
        {tabs.map((tab) => (
          <TabsPrimitive.Trigger
            key={tab.value}
            value={tab.value}
            className={cn(
              "-mb-px inline-flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap sm:px-4",
              "focus-visible:outline-brand-600 focus-visible:outline-2 focus-visible:-outline-offset-2",
              "data-[state=active]:border-brand-600 data-[state=active]:text-brand-700",
              "data-[state=inactive]:border-transparent data-[state=inactive]:text-gray-600 data-[state=inactive]:hover:text-gray-900",
            )}
          >
            {tab.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {tabs
        .filter((tab) => tab.value === value)
        .map((tab) => (
          <TabsPrimitive.Content key={tab.value} value={tab.value} className="pt-5 focus-visible:outline-none">
            {tab.panel}
          </TabsPrimitive.Content>
        ))}
    </TabsPrimitive.Root>
  );
}

"use client";

import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "~/lib/cn";

export type TabItem<T extends string> = { value: T; label: ReactNode; panel: ReactNode };

/**
 * WAI-ARIA tabs (tablist, tab, tabpanel) with the arrow/Home/End keys; only the selected panel is rendered, so a
 * panel that loads data does so when it is first opened.
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
  const baseId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const selected = tabs.find((tab) => tab.value === value) ?? tabs[0];
  const idOf = (tabValue: string, part: "tab" | "panel") => `${baseId}-${part}-${tabValue}`;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.value === selected?.value);
    const next =
      event.key === "ArrowRight"
        ? (index + 1) % tabs.length
        : event.key === "ArrowLeft"
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? tabs.length - 1
              : null;
    const tab = next === null ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    onChange(tab.value);
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(idOf(tab.value, "tab"))}`)?.focus();
  }

  return (
    <div className={className}>
      <div
        ref={listRef}
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex gap-1 overflow-x-auto border-b border-gray-200"
      >
        {tabs.map((tab) => {
          const isSelected = tab.value === selected?.value;
          return (
            <button
              key={tab.value}
              type="button"
              role="tab"
              id={idOf(tab.value, "tab")}
              aria-selected={isSelected}
              // Only the selected panel exists in the document.
              aria-controls={isSelected ? idOf(tab.value, "panel") : undefined}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onChange(tab.value)}
              className={cn(
                "-mb-px inline-flex items-center gap-2 border-b-2 px-4 py-2.5 text-sm font-medium whitespace-nowrap",
                isSelected
                  ? "border-brand-600 text-brand-700"
                  : "border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900",
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {selected && (
        <div
          role="tabpanel"
          id={idOf(selected.value, "panel")}
          aria-labelledby={idOf(selected.value, "tab")}
          tabIndex={0}
          className="pt-5 focus-visible:outline-none"
        >
          {selected.panel}
        </div>
      )}
    </div>
  );
}

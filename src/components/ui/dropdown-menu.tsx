"use client";

import * as Menu from "@radix-ui/react-dropdown-menu";
import { MoreHorizontal } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

export type MenuAction =
  | { label: string; icon?: ReactNode; onSelect(): void; tone?: "danger"; disabled?: boolean }
  | { label: string; icon?: ReactNode; href: string; newTab?: boolean };

const itemClasses = cn(
  "flex w-full cursor-default items-center gap-2 rounded-md px-3 py-2 text-sm text-gray-800 outline-none select-none",
  "data-[highlighted]:bg-gray-100 data-[disabled]:opacity-50",
);

/**
 * A menu of actions behind one button. Item labels carry the item's name ("Delete 'Course'") so that a screen
 * reader's list of controls, and a test, can tell the items of one card from another's.
 */
export function ActionMenu({
  label,
  actions,
  trigger,
}: {
  /** The trigger's accessible name, e.g. "Actions for 'Course'". */
  label: string;
  actions: MenuAction[];
  trigger?: ReactNode;
}) {
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger
        aria-label={label}
        className="inline-flex size-9 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-500"
      >
        {trigger ?? <MoreHorizontal aria-hidden className="size-5" />}
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-52 rounded-lg border border-gray-200 bg-white p-1 shadow-lg"
        >
          {actions.map((action) =>
            "href" in action ? (
              <Menu.Item key={action.label} asChild className={itemClasses}>
                {action.newTab ? (
                  <a href={action.href} target="_blank" rel="noopener noreferrer">
                    {action.icon}
                    {action.label}
                  </a>
                ) : (
                  <Link href={action.href}>
                    {action.icon}
                    {action.label}
                  </Link>
                )}
              </Menu.Item>
            ) : (
              <Menu.Item
                key={action.label}
                disabled={action.disabled}
                onSelect={action.onSelect}
                className={cn(itemClasses, action.tone === "danger" && "text-red-700 data-[highlighted]:bg-red-50")}
              >
                {action.icon}
                {action.label}
              </Menu.Item>
            ),
          )}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

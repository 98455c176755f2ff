"use client";

import * as TooltipPrimitive from "@radix-ui/react-tooltip";
import { useState, type ReactElement, type ReactNode } from "react";

/**
 * A short hint on hover, on keyboard focus and on a tap (Radix alone ignores touch). The hint describes the control;
 * it is never its only name: icon-only controls still carry an aria-label.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement }) {
  const [open, setOpen] = useState(false);
  return (
    <TooltipPrimitive.Provider delayDuration={300}>
      <TooltipPrimitive.Root open={open} onOpenChange={setOpen}>
        <TooltipPrimitive.Trigger
          asChild
          onPointerDown={(event) => {
            if (event.pointerType === "touch") setOpen((isOpen) => !isOpen);
          }}
        >
          {children}
        </TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            sideOffset={6}
            className="z-50 max-w-xs rounded-md bg-gray-900 px-2.5 py-1.5 text-xs text-white shadow"
          >
            {content}
            <TooltipPrimitive.Arrow className="fill-gray-900" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}

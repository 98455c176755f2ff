"use client";

import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "~/components/ui/button";
import { toast } from "~/components/ui/toast";

/** "Copied!" shows for two seconds. */
export const COPIED_FOR_MS = 2000;

/**
 * Copies `text` (or what it returns at click time) and says "Copied!" for two seconds; `toastMessage` also toasts.
 * The visible label starts the accessible name; `srDetail` adds what is copied (" to 'Course'") for screen readers,
 * so each card's control has its own name.
 */
export function CopyButton({
  text,
  label,
  srDetail,
  toastMessage,
  variant = "secondary",
  size = "sm",
  className,
}: {
  text: string | (() => string);
  label: string;
  srDetail?: string;
  toastMessage?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}) {
  const [isCopied, setIsCopied] = useState(false);

  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(typeof text === "function" ? text() : text);
      setIsCopied(true);
      if (toastMessage) toast.success(toastMessage);
    } catch {
      // A refused clipboard (permissions, an insecure origin): the text stays on screen to copy by hand.
      toast.error("Could not copy. Select the text and copy it yourself.");
    }
  }

  const Icon = isCopied ? Check : Copy;
  return (
    <Button variant={variant} size={size} className={className} onClick={() => void copy()}>
      <Icon aria-hidden className="size-4" />
      {isCopied ? "Copied!" : label}
      {srDetail && !isCopied && <span className="sr-only">{srDetail}</span>}
    </Button>
  );
}

import { Loader2 } from "lucide-react";
import { cn } from "~/lib/cn";

/** A loading indicator that screen readers announce by its label. */
export function Spinner({ label = "Loading...", className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn("flex items-center justify-center py-12 text-gray-400", className)}>
      <Loader2 aria-hidden className="size-8 animate-spin" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

import type { ReactNode } from "react";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/cn";

/** One figure with its name: dashboard tiles, analytics summaries and staff overviews all use this. */
export function StatTile({
  label,
  value,
  hint,
  icon,
  tone = "default",
  className,
}: {
  label: ReactNode;
  value: ReactNode;
  hint?: ReactNode;
  icon?: ReactNode;
  tone?: "default" | "success" | "danger";
  className?: string;
}) {
  return (
    // min-w-0 and wrap-anywhere: a large figure (a platform's revenue in several currencies) wraps inside a
    // half-width phone tile instead of widening the grid past the screen.
    <Card className={cn("min-w-0 p-5", className)}>
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-gray-600">{label}</p>
        {icon && (
          <span aria-hidden className="text-gray-500">
            {icon}
          </span>
        )}
      </div>
      <p
        className={cn(
          "mt-2 text-2xl font-bold wrap-anywhere tabular-nums",
          tone === "success" ? "text-green-700" : tone === "danger" ? "text-red-700" : "text-gray-900",
        )}
      >
        {value}
      </p>
      {hint && <p className="mt-1 text-xs text-gray-600">{hint}</p>}
    </Card>
  );
}

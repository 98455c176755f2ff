import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/** What a list says when it has nothing yet: an icon, a title, a sentence and the next step. */
export function EmptyState({
  icon,
  title,
  description,
  action,
  className,
}: {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-col items-center px-6 py-12 text-center", className)}>
      {icon && (
        <div
          aria-hidden
          className="mb-4 flex size-12 items-center justify-center rounded-full bg-gray-100 text-gray-600"
        >
          {icon}
        </div>
      )}
      <h2 className="text-lg font-semibold text-gray-900">{title}</h2>
      {description && <p className="mt-1 max-w-md text-sm text-gray-600">{description}</p>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}

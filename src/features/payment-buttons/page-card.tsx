import type { ReactNode } from "react";
import { Card } from "~/components/ui/card";
import { Switch } from "~/components/ui/switch";
import { cn } from "~/lib/cn";

/** One POP on the pages list: its name and Active switch, its details, then icon actions and a link to it. */
export function PageCard({
  titleId,
  name,
  isActive,
  isToggling,
  onToggle,
  actions,
  link,
  children,
}: {
  titleId: string;
  name: string;
  isActive: boolean;
  isToggling: boolean;
  onToggle(): void;
  actions: ReactNode;
  link: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="flex flex-col p-5">
      <article aria-labelledby={titleId} className="flex flex-1 flex-col gap-3">
        <div className="flex items-start justify-between gap-3">
          <h3 id={titleId} className="font-semibold break-words text-gray-900">
            {name}
          </h3>
          <div className="flex items-center gap-2">
            <span className={cn("text-xs font-medium", isActive ? "text-green-700" : "text-gray-500")}>
              {isActive ? "Active" : "Inactive"}
            </span>
            <Switch label="Active" checked={isActive} disabled={isToggling} onToggle={onToggle} />
          </div>
        </div>
        {children}

        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-gray-100 pt-3">
          <div className="flex items-center gap-1">{actions}</div>
          {link}
        </div>
      </article>
    </Card>
  );
}

export function EmptyPagesState({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <Card className="px-6 py-12 text-center">
      <h3 className="text-lg font-semibold text-gray-900">{title}</h3>
      <p className="mt-1 text-sm text-gray-600">{text}</p>
      {action && <div className="mt-5">{action}</div>}
    </Card>
  );
}

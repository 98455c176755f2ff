"use client";

import { AlertTriangle, BarChart3, ExternalLink, FlaskConical, Pencil, Trash2, Users } from "lucide-react";
import Link from "next/link";
import { useId, type ReactNode } from "react";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { ActionMenu, type MenuAction } from "~/components/ui/dropdown-menu";
import { Switch } from "~/components/ui/switch";
import { CopyButton } from "~/features/payment-buttons/copy-button";
import { editPathOf, publicPathOf, publicUrlOf, type PopKind } from "~/features/payment-buttons/pop-links";
import { popBadge, type ListedPop } from "~/features/payment-buttons/pop-status";

const menuIcon = "size-4 text-gray-600";

/**
 * A card's Actions menu, each item naming the POP ("Delete 'Course'"): Edit, View analytics, for a subscription
 * button View subscribers, the kind's way to share it (`share`), Open its page, for payment buttons Open its test
 * page, and Delete.
 */
export function popMenuActions(
  kind: PopKind,
  pop: Pick<ListedPop, "id" | "name">,
  {
    share,
    onAnalytics,
    onDelete,
    subscribersHref,
  }: { share: MenuAction; onAnalytics(): void; onDelete(): void; subscribersHref?: string },
): MenuAction[] {
  const name = `'${pop.name}'`;
  return [
    { label: `Edit ${name}`, icon: <Pencil aria-hidden className={menuIcon} />, href: editPathOf(kind, pop.id) },
    {
      label: `View analytics for ${name}`,
      icon: <BarChart3 aria-hidden className={menuIcon} />,
      onSelect: onAnalytics,
    },
    ...(subscribersHref
      ? [
          {
            label: `View subscribers of ${name}`,
            icon: <Users aria-hidden className={menuIcon} />,
            href: subscribersHref,
          },
        ]
      : []),
    share,
    {
      label: `Open ${name} page`,
      icon: <ExternalLink aria-hidden className={menuIcon} />,
      href: publicPathOf(kind, pop.id),
      newTab: true,
    },
    ...(kind === "payment-button"
      ? [
          {
            label: `Open test page for ${name}`,
            icon: <FlaskConical aria-hidden className={menuIcon} />,
            href: `/test/${encodeURIComponent(pop.id)}`,
            newTab: true,
          },
        ]
      : []),
    { label: `Delete ${name}`, icon: <Trash2 aria-hidden className="size-4" />, tone: "danger", onSelect: onDelete },
  ];
}

/** The setup issue with its fix, where the seller sees the POP (card, ready dialog). */
export function SetupIssueNote({ pop }: { pop: Pick<ListedPop, "setupIssue"> }) {
  const issue = pop.setupIssue;
  if (!issue) return null;
  const isSettings = issue.fixHref?.startsWith("/dashboard/settings");
  return (
    <p className="flex gap-2 rounded-lg border border-yellow-200 bg-yellow-50 px-3 py-2 text-sm text-yellow-900">
      <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-yellow-700" />
      <span>
        <span className="font-medium">Buyers cannot pay yet.</span> {issue.message}{" "}
        {issue.fixHref && (
          <Link href={issue.fixHref} className="font-medium whitespace-nowrap underline underline-offset-2">
            {isSettings ? "Open Store Settings" : "Edit this POP"}
          </Link>
        )}
      </span>
    </p>
  );
}

/**
 * One POP on the pages list: name, status badge and switch; its details; then Copy link and the Actions menu.
 * The card is keyed by id in its list and never disabled while its switch is saving, so focus stays on the switch.
 */
export function PopCard({
  kind,
  pop,
  onToggle,
  actions,
  children,
}: {
  kind: PopKind;
  pop: ListedPop;
  onToggle(): void;
  actions: MenuAction[];
  children: ReactNode;
}) {
  const badge = popBadge(pop);
  return (
    <PopCardFrame
      id={pop.id}
      name={pop.name}
      isActive={pop.isActive}
      badge={<Badge tone={badge.tone}>{badge.label}</Badge>}
      onToggle={onToggle}
      copy={{
        text: () => publicUrlOf(kind, pop.id),
        label: "Copy link",
        srDetail: ` to '${pop.name}'`,
        toastMessage: `Link to '${pop.name}' copied`,
      }}
      actions={actions}
    >
      {children}
      <SetupIssueNote pop={pop} />
    </PopCardFrame>
  );
}

/**
 * The frame every card on the pages list shares: name, badge and Active switch on top, the card's own details,
 * then its copy button and Actions menu along the bottom.
 */
export function PopCardFrame({
  id,
  name,
  isActive,
  badge,
  onToggle,
  copy,
  actions,
  children,
}: {
  id: string;
  name: string;
  isActive: boolean;
  badge: ReactNode;
  onToggle(): void;
  copy: { text: string | (() => string); label: string; srDetail: string; toastMessage: string };
  actions: MenuAction[];
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card data-pop-card={id} className="flex min-w-0 flex-col p-5">
      <article aria-labelledby={titleId} className="flex flex-1 flex-col gap-3">
        <div className="flex items-start justify-between gap-3">
          <h3 id={titleId} className="min-w-0 font-semibold break-words text-gray-900">
            {name}
          </h3>
          <div className="flex shrink-0 items-center gap-2">
            {badge}
            <Switch label={`Active: '${name}'`} checked={isActive} onToggle={onToggle} />
          </div>
        </div>
        {children}

        <div className="mt-auto flex items-center justify-between gap-2 border-t border-gray-100 pt-3">
          <CopyButton {...copy} variant="ghost" className="-ml-2" />
          <ActionMenu label={`Actions for '${name}'`} actions={actions} />
        </div>
      </article>
    </Card>
  );
}

import Link from "next/link";
import type { ReactNode } from "react";
import { buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Logo } from "~/features/landing/logo";

type Props = { title: string; children: ReactNode; actions?: ReactNode };

/**
 * A route state (not found, error) on a page of its own: the product's logo over a card with a heading, a plain
 * sentence and the ways on. Server-safe markup, so the Pages Router's sell page can use it too.
 */
export function StatusScreen({ title, children, actions }: Props) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-8 px-4 py-12">
      <Link href="/" aria-label="Popkit home">
        <Logo />
      </Link>
      <StatusCard title={title} actions={actions}>
        {children}
      </StatusCard>
    </main>
  );
}

/** The usual way on from a status screen: back to the home page. */
export function ReturnHomeButton() {
  return (
    <Link href="/" className={buttonClasses("secondary")}>
      Return to Home
    </Link>
  );
}

/** The same card inside a portal's shell, which already shows the product's name. */
export function StatusPanel({ title, children, actions }: Props) {
  return (
    <div className="flex justify-center py-12">
      <StatusCard title={title} actions={actions}>
        {children}
      </StatusCard>
    </div>
  );
}

function StatusCard({ title, children, actions }: Props) {
  return (
    <Card className="w-full max-w-md space-y-4 p-8 text-center">
      <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
      <div className="space-y-2 text-gray-600">{children}</div>
      {actions && <div className="flex flex-wrap justify-center gap-3 pt-2">{actions}</div>}
    </Card>
  );
}

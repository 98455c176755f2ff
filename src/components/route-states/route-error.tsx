"use client";

import Link from "next/link";
import { useEffect } from "react";
import { buttonClasses } from "~/components/ui/button";
import { StatusPanel, StatusScreen } from "~/components/route-states/status-screen";

/** Next's digest of a server error: the id the server logged it under. Client errors have none. */
function digestOf(error: unknown): string | undefined {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return typeof digest === "string" && digest ? digest : undefined;
}

/**
 * What an error boundary (error.tsx, global-error.tsx) shows: a plain sentence, never the error's own message
 * (it can hold SQL or a provider's answer), and the digest as a reference support can find in the server log.
 * "Try again" calls Next's retry(): reset() plus a refresh, so a failed server render is fetched again rather
 * than replayed.
 */
export function RouteError({
  error,
  retry,
  home,
  isInShell = false,
}: {
  error: unknown;
  retry: () => void;
  home?: { href: string; label: string };
  isInShell?: boolean;
}) {
  useEffect(() => {
    // The browser console is the only trace of an error thrown on the client; server errors are logged there too.
    console.error(error);
  }, [error]);

  const digest = digestOf(error);
  const Layout = isInShell ? StatusPanel : StatusScreen;
  return (
    <Layout
      title="Something went wrong"
      actions={
        <>
          <button type="button" className={buttonClasses()} onClick={() => retry()}>
            Try again
          </button>
          {home && (
            <Link href={home.href} className={buttonClasses("secondary")}>
              {home.label}
            </Link>
          )}
        </>
      }
    >
      <p>This page could not be shown. Please try again in a moment.</p>
      {digest && (
        <p className="text-sm">
          If it keeps happening, contact support with reference{" "}
          <code className="rounded bg-gray-100 px-1.5 py-0.5 font-mono text-xs text-gray-800">{digest}</code>.
        </p>
      )}
    </Layout>
  );
}

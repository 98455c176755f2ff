"use client";

import { RouteError } from "~/components/route-states/route-error";
import "~/styles/globals.css";

/** An error in the root layout itself: this replaces the whole document, so it brings its own and the styles. */
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-gray-50 font-sans text-gray-900 antialiased">
        <title>Something went wrong · Popkit</title>
        <RouteError error={error} retry={retry} home={{ href: "/", label: "Return to Home" }} />
      </body>
    </html>
  );
}

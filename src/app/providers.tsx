"use client";

import type { ReactNode } from "react";
import { TRPCReactProvider } from "~/trpc/react";

/**
 * The tRPC and React Query client, for the screens that call the API: the portals and sign-up. Buyers' pages
 * go without (they use the checkout endpoints), which keeps ~25 KB of JavaScript off them.
 */
export function Providers({ children }: { children: ReactNode }) {
  return <TRPCReactProvider>{children}</TRPCReactProvider>;
}

"use client";

import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { httpBatchLink, TRPCClientError } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { useState, type ReactNode } from "react";
import superjson from "superjson";
import type { AppRouter } from "~/server/api/root";
import { createQueryClient } from "~/trpc/query-client";

let browserQueryClient: QueryClient | undefined;

function getQueryClient() {
  if (typeof window === "undefined") return createQueryClient();
  return (browserQueryClient ??= createQueryClient());
}

export const api = createTRPCReact<AppRouter>();

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** The message a user should read for a failed call: the server's userMessage, else `fallback`. */
export function userMessageOf(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError) {
    const data = error.data as { userMessage?: string } | undefined;
    return data?.userMessage ?? fallback;
  }
  return fallback;
}

/** Server-side field errors (zod or AppError), keyed by field name. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  if (error instanceof TRPCClientError) {
    const data = error.data as { fieldErrors?: Record<string, string[]> | null } | undefined;
    return data?.fieldErrors ?? {};
  }
  return {};
}

export function TRPCReactProvider({ children }: { children: ReactNode }) {
  const queryClient = getQueryClient();
  const [trpcClient] = useState(() =>
    api.createClient({
      links: [
        httpBatchLink({ transformer: superjson, url: "/api/trpc", headers: () => ({ "x-trpc-source": "react" }) }),
      ],
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <api.Provider client={trpcClient} queryClient={queryClient}>
        {children}
      </api.Provider>
    </QueryClientProvider>
  );
}

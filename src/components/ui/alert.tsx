import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

const tones = {
  error: "border-red-200 bg-red-50 text-red-700",
  success: "border-green-200 bg-green-50 text-green-700",
  info: "border-blue-200 bg-blue-50 text-blue-800",
  warning: "border-yellow-200 bg-yellow-50 text-yellow-800",
} as const;

export function Alert({ tone = "error", children }: { tone?: keyof typeof tones; children: ReactNode }) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn("rounded-lg border px-4 py-3 text-sm", tones[tone])}
    >
      {children}
    </div>
  );
}

/** An error box for data that failed to load, with a retry button after the sentence. */
export function RetryAlert({ children, onRetry }: { children: ReactNode; onRetry(): void }) {
  return (
    <Alert>
      {children}{" "}
      <button type="button" className="font-medium underline" onClick={onRetry}>
        Try again
      </button>
    </Alert>
  );
}

import Link from "next/link";
import type { ReactNode } from "react";

/** The page around every merchant account screen: the brand on top, one card in the middle. */
export function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <Link href="/" className="text-brand-600 mb-8 text-2xl font-extrabold tracking-tight">
        Popkit
      </Link>
      <div className="w-full max-w-md rounded-2xl border border-gray-200 bg-white p-8 shadow-sm">{children}</div>
    </main>
  );
}

/** A heading and what happened, for the screens that only report (a used link, a verified address). */
export function AuthMessage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-4 text-center">
      <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
      <div className="space-y-3 text-sm text-gray-600">{children}</div>
    </div>
  );
}

import Link from "next/link";
import type { ReactNode } from "react";

/** Under a checkout: the way into the buyer portal for someone who bought before; `children` adds more ways. */
export function ManagePurchaseNote({ children }: { children?: ReactNode }) {
  return (
    <p className="text-center text-sm text-gray-600">
      Bought this before?{" "}
      <Link href="/portal" className="text-brand-600 font-medium hover:underline">
        Manage your purchase
      </Link>
      {children}
    </p>
  );
}

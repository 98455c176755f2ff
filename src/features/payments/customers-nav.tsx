import Link from "next/link";
import { cn } from "~/lib/cn";

const views = [
  { value: "customers", label: "Customers", href: "/dashboard/customers" },
  { value: "subscribers", label: "Subscribers", href: "/dashboard/customers/subscribers" },
] as const;

/**
 * Customers and Subscribers: two pages under one sidebar entry, switched by links that look like tabs (each has
 * its own URL, filters and Back history, so they are pages, not tab panels).
 */
export function CustomersNav({ current }: { current: (typeof views)[number]["value"] }) {
  return (
    <nav aria-label="Customer views" className="flex flex-wrap gap-1 border-b border-gray-200">
      {views.map((view) => (
        <Link
          key={view.value}
          href={view.href}
          aria-current={view.value === current ? "page" : undefined}
          className={cn(
            "-mb-px inline-flex items-center border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap sm:px-4",
            "focus-visible:outline-brand-600 focus-visible:outline-2 focus-visible:-outline-offset-2",
            view.value === current
              ? "border-brand-600 text-brand-700"
              : "border-transparent text-gray-600 hover:text-gray-900",
          )}
        >
          {view.label}
        </Link>
      ))}
    </nav>
  );
}

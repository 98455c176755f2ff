import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/**
 * One band of the landing page: an anchor the header links to (`#id`), a centred heading that names the band for
 * screen readers, and the band's content below it. Bands alternate white and the page's grey.
 */
export function LandingSection({
  id,
  eyebrow,
  title,
  description,
  white = false,
  narrow = false,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  description?: string;
  white?: boolean;
  /** The FAQ reads better in a column than across the page. */
  narrow?: boolean;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn("scroll-mt-20 py-20 sm:py-24", white && "bg-white")}>
      <div className={cn("mx-auto px-4 sm:px-6 lg:px-8", narrow ? "max-w-3xl" : "max-w-7xl")}>
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-brand-600 text-sm font-semibold tracking-wide uppercase">{eyebrow}</p>
          <h2 id={`${id}-title`} className="mt-2 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">
            {title}
          </h2>
          {description && <p className="mt-4 text-lg text-gray-600">{description}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}

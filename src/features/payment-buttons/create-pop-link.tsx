import { Plus } from "lucide-react";
import Link from "next/link";
import type { ComponentProps } from "react";
import { buttonClasses } from "~/components/ui/button";

/** The primary "Create POP" call to action: it opens the choice of the three kinds. */
export function CreatePopLink({ children = "Create POP", ...props }: Omit<ComponentProps<typeof Link>, "href">) {
  return (
    <Link href="/dashboard/pages/create-pop" className={buttonClasses("primary")} {...props}>
      <Plus aria-hidden className="size-4" />
      {children}
    </Link>
  );
}

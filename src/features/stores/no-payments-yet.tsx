import { ArrowRight, ChartNoAxesCombined } from "lucide-react";
import Link from "next/link";
import { buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { stepCopy, type Onboarding } from "./onboarding-steps";

/**
 * In place of the tiles and the revenue chart while a store has taken no payment: zeros and a flat line tell a new
 * seller nothing, the next step of the getting-started checklist does.
 */
export function NoPaymentsYet({ onboarding }: { onboarding: Onboarding }) {
  const next = onboarding.steps.find((step) => step.id === onboarding.nextStep);
  const copy = next ? stepCopy[next.id] : null;
  return (
    <Card>
      <EmptyState
        className="py-10"
        icon={<ChartNoAxesCombined className="size-6" />}
        title="No payments yet"
        description={`Your revenue, subscribers and conversion rate appear here after your first payment.${copy ? " Your next step:" : ""}`}
        action={
          next &&
          copy && (
            <Link
              href={next.href}
              className={buttonClasses("primary")}
              {...(next.opensNewTab ? { target: "_blank", rel: "noopener" } : {})}
            >
              {copy.title}
              <ArrowRight aria-hidden className="size-4" />
              {next.opensNewTab && <span className="sr-only"> (opens in a new tab)</span>}
            </Link>
          )
        }
      />
    </Card>
  );
}

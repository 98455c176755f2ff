"use client";

import { Check, ChevronRight, PartyPopper, Rocket, X } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { toast } from "~/components/ui/toast";
import { cn } from "~/lib/cn";
import { api, userMessageOf } from "~/trpc/react";
import { stepCopy, type Onboarding, type OnboardingStep } from "./onboarding-steps";

/** Steps are re-read this long after the server rendered them: when the seller comes back from another tab. */
const FRESH_MS = 5_000;

/** After the checklist goes, focus moves to the page's heading instead of falling to <body>. */
function focusPageHeading() {
  const heading = document.querySelector<HTMLElement>("main h1");
  if (!heading) return;
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.focus();
}

/**
 * The dashboard's getting-started checklist. The server renders it with the store's real state; the
 * steps are read again when the seller returns to the tab (e.g. after a test payment in another one), and when one
 * changed the whole page refreshes, so the figures follow. "You're all set" shows on the load that first
 * finds every step done, and stays while the seller is on the page.
 */
export function GettingStarted({ initial }: { initial: Onboarding }) {
  const router = useRouter();
  // Decided by the load that mounted it: once shown, it stays for this visit, so the load that records "all done"
  // (and any refresh after it, which already reads "hidden") cannot take "You're all set" away at once.
  const [wasShownOnLoad] = useState(initial.display !== "hidden");
  const [isDismissed, setIsDismissed] = useState(false);
  const isShown = wasShownOnLoad && !isDismissed;
  // The server's render is what shows; this query only notices a step change (on returning to the tab, or when a
  // page restored by Back was rendered a while ago) and then refreshes the page.
  const onboarding = api.merchant.onboarding.get.useQuery(undefined, {
    initialData: initial,
    initialDataUpdatedAt: new Date(initial.checkedAt).getTime(),
    staleTime: FRESH_MS,
    refetchOnWindowFocus: true,
    // An established store's dashboard does not need it: the checklist is gone and its figures are shown.
    enabled: isShown || !initial.hasPayments,
  });
  const state = `${onboarding.data.steps.map((step) => Number(step.isDone)).join("")}:${onboarding.data.hasPayments}`;
  const lastState = useRef(state);
  useEffect(() => {
    if (lastState.current === state) return;
    lastState.current = state;
    router.refresh();
  }, [state, router]);

  const dismiss = api.merchant.onboarding.dismiss.useMutation({
    onSuccess: () => {
      setIsDismissed(true);
      focusPageHeading();
    },
    onError: (error) => toast.error(userMessageOf(error, "The checklist could not be dismissed. Please try again.")),
  });

  if (!isShown) return null;
  return (
    <Checklist
      onboarding={initial}
      isAllSet={initial.isComplete}
      isDismissing={dismiss.isPending}
      onDismiss={() => dismiss.mutate()}
    />
  );
}

function Checklist({
  onboarding,
  isAllSet,
  isDismissing,
  onDismiss,
}: {
  onboarding: Onboarding;
  isAllSet: boolean;
  isDismissing: boolean;
  onDismiss(): void;
}) {
  const titleId = useId();
  const { doneCount, totalCount } = onboarding;
  const progressText = `${doneCount} of ${totalCount} done`;
  return (
    <Card className="overflow-hidden">
      <section aria-labelledby={titleId} className="p-5 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 items-start gap-3">
            <span
              aria-hidden
              className={cn(
                "flex size-10 shrink-0 items-center justify-center rounded-full max-sm:hidden",
                isAllSet ? "bg-green-100 text-green-700" : "bg-brand-50 text-brand-700",
              )}
            >
              {isAllSet ? <PartyPopper className="size-5" /> : <Rocket className="size-5" />}
            </span>
            <div className="min-w-0">
              <h2 id={titleId} className="text-lg font-semibold text-gray-900">
                {isAllSet ? "You're all set" : "Get started with Popkit"}
              </h2>
              <p className="mt-0.5 text-sm text-gray-600">
                {isAllSet
                  ? "Your store takes payments and your POP is live. This checklist won't show again."
                  : "Four steps from a new store to your first sale."}
              </p>
            </div>
          </div>
          <Button
            variant="ghost"
            size="sm"
            onClick={onDismiss}
            disabled={isDismissing}
            className="-mt-1 -mr-2 shrink-0"
          >
            <X aria-hidden className="size-4" />
            <span className="max-sm:sr-only">{isDismissing ? "Dismissing..." : "Dismiss"}</span>
            <span className="sr-only"> the getting-started checklist</span>
          </Button>
        </div>

        <div className="mt-5 flex items-center gap-3">
          <div
            role="progressbar"
            aria-label="Getting started"
            aria-valuemin={0}
            aria-valuemax={totalCount}
            aria-valuenow={doneCount}
            aria-valuetext={progressText}
            className="h-2 flex-1 overflow-hidden rounded-full bg-gray-100"
          >
            <div
              className={cn("h-full rounded-full transition-[width]", isAllSet ? "bg-green-600" : "bg-brand-600")}
              style={{ width: `${(doneCount / totalCount) * 100}%` }}
            />
          </div>
          <p className="shrink-0 text-sm font-medium text-gray-700">{progressText}</p>
        </div>

        <ol className="mt-5 grid gap-3 md:grid-cols-2">
          {onboarding.steps.map((step, index) => (
            <li key={step.id}>
              <StepLink step={step} number={index + 1} isNext={step.id === onboarding.nextStep} />
            </li>
          ))}
        </ol>
      </section>
    </Card>
  );
}

function StepLink({ step, number, isNext }: { step: OnboardingStep; number: number; isNext: boolean }) {
  const descriptionId = useId();
  const { title, description } = stepCopy[step.id];
  const state = step.isDone ? "done" : "to do";
  return (
    <Link
      href={step.href}
      // The state is part of the name, so a screen reader says "Create a POP: to do".
      aria-label={`${title}: ${state}${step.opensNewTab ? " (opens in a new tab)" : ""}`}
      aria-describedby={descriptionId}
      {...(step.opensNewTab ? { target: "_blank", rel: "noopener" } : {})}
      className={cn(
        "group flex h-full items-start gap-3 rounded-lg border p-3.5 transition-colors sm:p-4",
        "focus-visible:outline-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2",
        isNext ? "border-brand-500/60 bg-brand-50/50 hover:bg-brand-50" : "border-gray-200 hover:bg-gray-50",
      )}
      data-step={step.id}
      data-done={step.isDone}
    >
      <span
        aria-hidden
        className={cn(
          "mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold",
          step.isDone ? "bg-green-600 text-white" : isNext ? "bg-brand-600 text-white" : "bg-gray-100 text-gray-700",
        )}
      >
        {step.isDone ? <Check className="size-3.5" strokeWidth={3} /> : number}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className={cn("font-medium", step.isDone ? "text-gray-700" : "text-gray-900")}>{title}</span>
          <Badge tone={step.isDone ? "green" : "gray"}>{step.isDone ? "Done" : "To do"}</Badge>
        </span>
        {/* A done step needs no instructions on a phone, where the four stack up. */}
        <span id={descriptionId} className={cn("mt-1 block text-sm text-gray-600", step.isDone && "max-sm:hidden")}>
          {description}
        </span>
      </span>
      <ChevronRight
        aria-hidden
        className="mt-0.5 size-4 shrink-0 text-gray-500 transition-transform group-hover:translate-x-0.5"
      />
    </Link>
  );
}

"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { usePortalAction } from "~/features/portal/use-portal-action";
import { CancelSubscriptionDialog } from "~/features/subscriptions/cancel-subscription-dialog";

type Choice = { buttonId: string; name: string; label: string; current: boolean };

/**
 * What a subscriber may do: cancel (always, while PayPal still bills), pause and resume (when the seller allows
 * it), and switch to another of the seller's plans (approved at PayPal; the new price from the next cycle).
 */
export function SubscriptionActions({
  subscriptionId,
  name,
  canCancel,
  canPause,
  canResume,
  choices,
  nextBilling,
}: {
  subscriptionId: string;
  name: string;
  canCancel: boolean;
  canPause: boolean;
  canResume: boolean;
  choices: Choice[];
  /** The next billing date as the store's time zone says it, when PayPal gave one. */
  nextBilling: string | null;
}) {
  const router = useRouter();
  const base = `/api/portal/subscriptions/${subscriptionId}`;
  const cancel = usePortalAction(`${base}/cancel`);
  const pause = usePortalAction(`${base}/pause`);
  const resume = usePortalAction(`${base}/resume`);
  const changePlan = usePortalAction<{ approveUrl: string }>(`${base}/change-plan`);
  const [isCancelOpen, setCancelOpen] = useState(false);
  // Shown inside the dialog: the page's notice would sit behind its overlay.
  const [cancelError, setCancelError] = useState<{ form: string } | null>(null);
  const [notice, setNotice] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const others = choices.filter((choice) => !choice.current);
  const [planId, setPlanId] = useState(others[0]?.buttonId ?? "");

  async function act(action: ReturnType<typeof usePortalAction>, done: string, body?: unknown) {
    const outcome = await action.run(body);
    setNotice(outcome.ok ? { tone: "ok", text: done } : { tone: "error", text: outcome.message });
    if (outcome.ok) router.refresh();
    return outcome.ok;
  }

  return (
    <section aria-label="Manage subscription" className="space-y-4">
      {notice && <Alert tone={notice.tone === "error" ? "error" : "success"}>{notice.text}</Alert>}
      <div className="flex flex-wrap gap-2">
        {canPause && (
          <Button
            variant="secondary"
            disabled={pause.isBusy}
            onClick={() => act(pause, "Your subscription is paused. PayPal will not bill you until you resume it.")}
          >
            {pause.isBusy ? "Pausing..." : "Pause subscription"}
          </Button>
        )}
        {canResume && (
          <Button disabled={resume.isBusy} onClick={() => act(resume, "Your subscription is active again.")}>
            {resume.isBusy ? "Resuming..." : "Resume subscription"}
          </Button>
        )}
        {canCancel && (
          <Button
            variant="secondary"
            className="text-red-700"
            aria-haspopup="dialog"
            onClick={() => {
              setCancelError(null);
              setCancelOpen(true);
            }}
          >
            Cancel subscription
          </Button>
        )}
      </div>

      {others.length > 0 && (
        <form
          className="space-y-3 rounded-lg border border-gray-200 p-4"
          aria-label="Change plan"
          onSubmit={async (event) => {
            event.preventDefault();
            const outcome = await changePlan.run({ buttonId: planId });
            if (outcome.ok) window.location.assign(outcome.data.approveUrl);
            else setNotice({ tone: "error", text: outcome.message });
          }}
        >
          <fieldset className="space-y-2">
            <legend className="font-medium text-gray-900">Change plan</legend>
            {others.map((choice) => (
              <label key={choice.buttonId} className="flex items-center gap-2 text-sm text-gray-700">
                <input
                  type="radio"
                  name="plan"
                  value={choice.buttonId}
                  checked={planId === choice.buttonId}
                  onChange={() => setPlanId(choice.buttonId)}
                />
                {choice.name}: {choice.label}
              </label>
            ))}
          </fieldset>
          <p className="text-sm text-gray-600">
            You approve the change at PayPal. The new price applies from your next billing cycle
            {nextBilling ? ` (${nextBilling})` : ""}; nothing is charged now.
          </p>
          <Button type="submit" disabled={changePlan.isBusy || !planId}>
            {changePlan.isBusy ? "Opening PayPal..." : "Continue to PayPal"}
          </Button>
        </form>
      )}

      <CancelSubscriptionDialog
        open={isCancelOpen}
        onClose={() => setCancelOpen(false)}
        title={`Cancel ${name}?`}
        description="PayPal stops billing you right away. What you already paid for is not refunded."
        reasonLabel="Why are you cancelling? (optional)"
        isPending={cancel.isBusy}
        error={cancelError}
        onConfirm={async (reason) => {
          const outcome = await cancel.run({ reason });
          if (!outcome.ok) return setCancelError({ form: outcome.message });
          setCancelOpen(false);
          setNotice({ tone: "ok", text: "Your subscription is cancelled. You will not be billed again." });
          router.refresh();
        }}
      />
    </section>
  );
}

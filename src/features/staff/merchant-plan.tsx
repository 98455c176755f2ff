"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/input";
import { toast } from "~/components/ui/toast";
import { limitReachedText, PlanUsageFacts } from "~/features/plans/plan-card";
import { api, userMessageOf, type RouterOutputs } from "~/trpc/react";

type MerchantPlan = RouterOutputs["admin"]["plans"]["forMerchant"];

/** The select's value for "whatever the default plan is" (plan_id null). */
const FOLLOW_DEFAULT = "";

/**
 * A merchant's plan on the staff merchant page: its terms and this month's usage for everyone, and for admins and
 * super admins (canChange; the server checks again) a choice of plan, saved with an audit row.
 */
export function MerchantPlanPanel({ merchant, data }: { merchant: { id: string; name: string }; data: MerchantPlan }) {
  const router = useRouter();
  const [choice, setChoice] = useState(data.ownPlanId ?? FOLLOW_DEFAULT);
  const [error, setError] = useState<string | null>(null);
  const save = api.admin.plans.setForMerchant.useMutation();
  const defaultPlan = data.options.find((option) => option.isDefault);
  const isUnchanged = choice === (data.ownPlanId ?? FOLLOW_DEFAULT);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const saved = await save.mutateAsync({ merchantId: merchant.id, planId: choice || null });
      toast.success(`'${merchant.name}' is now on the ${saved.plan?.name ?? "default"} plan.`);
      router.refresh();
    } catch (caught) {
      setError(userMessageOf(caught, "Failed to change the plan. Please try again."));
    }
  }

  return (
    <Card className="p-6">
      <section aria-labelledby="merchant-plan-title" className="space-y-4">
        <h2 id="merchant-plan-title" className="text-lg font-semibold text-gray-900">
          Plan
        </h2>
        <PlanUsageFacts usage={data} />
        {data.isAtLimit && <Alert tone="warning">{limitReachedText(data, `'${merchant.name}'`)}</Alert>}
        {data.canChange && (
          <form onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="sm:w-80">
              <Field id="merchant-plan" label="Change plan">
                <Select id="merchant-plan" value={choice} onChange={(event) => setChoice(event.target.value)}>
                  <option value={FOLLOW_DEFAULT}>Default plan ({defaultPlan?.name ?? "none"})</option>
                  {data.options.map((option) => (
                    <option key={option.id} value={option.id}>
                      {option.name}
                    </option>
                  ))}
                </Select>
              </Field>
            </div>
            <Button type="submit" disabled={save.isPending || isUnchanged}>
              {save.isPending ? "Saving..." : "Save Plan"}
            </Button>
          </form>
        )}
        {error && <Alert>{error}</Alert>}
      </section>
    </Card>
  );
}

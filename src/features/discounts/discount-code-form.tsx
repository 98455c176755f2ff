"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm, useFormContext, useWatch } from "react-hook-form";
import { Alert, RetryAlert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { useTimeZone } from "~/components/ui/date-time";
import { fieldsFor, Form, setFieldErrors, SubmitButton } from "~/components/ui/form";
import { Input, MoneyInput } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { fromLocalInput, toLocalInput } from "~/features/discounts/local-time";
import { CurrencyField } from "~/features/payment-buttons/checkout-settings-fields";
import { discountCodeSchema, MAX_DISCOUNT_USES, type DiscountCodeFormValues } from "~/schemas/discounts";
import { api, fieldErrorsOf, userMessageOf, type RouterOutputs } from "~/trpc/react";

const { FormField, CheckboxField, RadioGroupField } = fieldsFor<DiscountCodeFormValues>();

type Pops = RouterOutputs["merchant"]["discounts"]["listPops"];
type Pop = Pops["buttons"][number];

const checkboxClasses = "accent-brand-600 size-4 shrink-0";

const kindOptions = [
  ["percent", "Percentage"],
  ["fixed", "Fixed amount"],
] as const;

const appliesToOptions = [
  [true, "All payment buttons and sell pages"],
  [false, "Only the ones I choose"],
] as const;

const dateFields = [
  ["startsAt", "Starts", "Empty: from now on."],
  ["endsAt", "Ends", "Empty: no end."],
] as const;

/**
 * The create and edit form of a discount code. It checks with the schema the server uses and sends the values as
 * typed (the server parses them again); dates are typed on the store's clock. A code that has been used keeps its
 * text (see updateDiscountCode), so that input is read-only then.
 */
export function DiscountCodeForm({
  initialValues,
  usesCount = 0,
  submitLabel,
  busyLabel,
  failureMessage,
  onSave,
  onCancel,
}: {
  initialValues: DiscountCodeFormValues;
  /** The code's uses so far (edit only). */
  usesCount?: number;
  submitLabel: string;
  busyLabel: string;
  failureMessage: string;
  /** Resolves once saved; throws the tRPC error otherwise. */
  onSave(values: DiscountCodeFormValues): Promise<void>;
  onCancel(): void;
}) {
  const timeZone = useTimeZone();
  const pops = api.merchant.discounts.listPops.useQuery();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<DiscountCodeFormValues>({
    // raw: the values go to the server as typed, where the same schema parses them.
    resolver: zodResolver(discountCodeSchema, undefined, { raw: true }),
    defaultValues: initialValues,
    reValidateMode: "onSubmit",
  });
  const [kind, currency, appliesToAll] = useWatch({
    control: form.control,
    name: ["kind", "currency", "appliesToAll"],
  });
  const isCodeLocked = usesCount > 0;

  async function onSubmit(values: DiscountCodeFormValues) {
    setFormError(null);
    try {
      await onSave(values);
    } catch (error) {
      setFieldErrors(form, fieldErrorsOf(error));
      setFormError(userMessageOf(error, failureMessage));
    }
  }

  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-5">
      <FormField
        name="code"
        label="Code"
        required
        hint={
          isCodeLocked
            ? `Used ${usesCount === 1 ? "once" : `${usesCount} times`}: the code cannot change now. Create a new code for a new name.`
            : "3 to 32 letters, numbers, - or _. Buyers can type it in any case."
        }
      >
        <Input
          autoComplete="off"
          spellCheck={false}
          readOnly={isCodeLocked}
          placeholder="e.g. SAVE20"
          className="font-mono uppercase placeholder:normal-case read-only:bg-gray-50"
        />
      </FormField>

      <RadioGroupField name="kind" legend="Discount type" options={kindOptions}>
        {kind === "percent" ? (
          <FormField name="percentOff" label="Percent off" required>
            {(control) => (
              <div className="flex max-w-40 items-center gap-2">
                <Input type="number" inputMode="numeric" min={1} max={100} step={1} {...control} />
                <span aria-hidden className="text-sm text-gray-600">
                  %
                </span>
              </div>
            )}
          </FormField>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              name="amountOff"
              label="Amount off"
              required
              hint="Applies only to POPs priced in this currency."
            >
              <MoneyInput currency={currency} />
            </FormField>
            <CurrencyField />
          </div>
        )}
      </RadioGroupField>

      <div className="grid gap-4 sm:grid-cols-2">
        {dateFields.map(([name, label, hint]) => (
          <FormField
            key={name}
            name={name}
            label={label}
            hint={`${hint} Your store's time (${timeZone}).`}
            render={({ value, onChange, ...control }) => (
              <Input
                {...control}
                type="datetime-local"
                value={toLocalInput(value, timeZone)}
                onChange={(event) => onChange(fromLocalInput(event.target.value, timeZone))}
              />
            )}
          />
        ))}
      </div>

      <FormField
        name="maxUses"
        label="Maximum uses"
        hint={usesCount > 0 ? `Empty: no limit. Used ${usesCount.toLocaleString("en-US")} so far.` : "Empty: no limit."}
      >
        <Input
          type="number"
          inputMode="numeric"
          min={Math.max(1, usesCount)}
          max={MAX_DISCOUNT_USES}
          step={1}
          className="max-w-40"
        />
      </FormField>

      <CheckboxField name="oncePerEmail" label="Once per buyer" hint="Each PayPal e-mail address can use it once." />

      <RadioGroupField name="appliesToAll" legend="Applies to" options={appliesToOptions}>
        {!appliesToAll && <PopPicker pops={pops} />}
      </RadioGroupField>

      {formError && <Alert>{formError}</Alert>}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <SubmitButton busyLabel={busyLabel}>{submitLabel}</SubmitButton>
      </div>
    </Form>
  );
}

/** The store's one-time payment buttons and sell pages as two checkbox lists. */
function PopPicker({
  pops,
}: {
  pops: { isPending: boolean; isError: boolean; data: Pops | undefined; refetch(): unknown };
}) {
  const form = useFormContext<DiscountCodeFormValues>();
  if (pops.isPending) return <Spinner label="Loading your POPs..." className="py-4" />;
  if (pops.isError || !pops.data) {
    return <RetryAlert onRetry={() => void pops.refetch()}>Your POPs could not be loaded.</RetryAlert>;
  }
  const { buttons, sellPages } = pops.data;
  if (buttons.length === 0 && sellPages.length === 0) {
    return (
      <p className="rounded-lg border border-gray-200 bg-gray-50 p-3 text-sm text-gray-700">
        You have no one-time payment buttons or digital sell pages yet. Codes do not apply to subscriptions or WPS
        buttons.
      </p>
    );
  }
  const lists = [
    { name: "buttonIds", title: "Payment buttons (one-time)", items: buttons },
    { name: "sellPageIds", title: "Digital sell pages", items: sellPages },
  ] as const;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {lists.map(({ name, title, items }) => (
        <Controller
          key={name}
          control={form.control}
          name={name}
          render={({ field }) => (
            <div role="group" aria-label={title} className="space-y-2">
              <p className="text-xs font-medium text-gray-600 uppercase">{title}</p>
              {items.length === 0 ? (
                <p className="text-sm text-gray-600">None yet.</p>
              ) : (
                <ul className="max-h-48 space-y-1 overflow-y-auto rounded-lg border border-gray-200 p-2">
                  {items.map((pop) => (
                    <li key={pop.id}>
                      <PopCheckbox
                        pop={pop}
                        checked={field.value.includes(pop.id)}
                        onToggle={(isChecked) => {
                          form.clearErrors("appliesToAll");
                          field.onChange(
                            isChecked ? [...field.value, pop.id] : field.value.filter((id) => id !== pop.id),
                          );
                        }}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        />
      ))}
    </div>
  );
}

function PopCheckbox({ pop, checked, onToggle }: { pop: Pop; checked: boolean; onToggle(isChecked: boolean): void }) {
  return (
    <label className="flex items-center gap-2 rounded px-1 py-1 text-sm text-gray-900 hover:bg-gray-50">
      <input
        type="checkbox"
        className={checkboxClasses}
        checked={checked}
        onChange={(event) => onToggle(event.target.checked)}
      />
      <span className="min-w-0 flex-1 break-words">{pop.name}</span>
      <span className="shrink-0 text-xs text-gray-600">
        {pop.currency}
        {!pop.isActive && " · inactive"}
      </span>
    </label>
  );
}

"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm, useWatch, type FieldPath } from "react-hook-form";
import { Alert, RetryAlert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { useTimeZone } from "~/components/ui/date-time";
import { Field, invalidProps, registerClearing, registerRadio } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { fromLocalInput, toLocalInput } from "~/features/discounts/local-time";
import { currencies } from "~/lib/money";
import { discountCodeSchema, MAX_DISCOUNT_USES, type DiscountCodeFormValues } from "~/schemas/discounts";
import { api, fieldErrorsOf, userMessageOf, type RouterOutputs } from "~/trpc/react";

type FieldName = FieldPath<DiscountCodeFormValues>;
type Pops = RouterOutputs["merchant"]["discounts"]["listPops"];
type Pop = Pops["buttons"][number];

const formFields = new Set<string>(Object.keys(discountCodeSchema.in.shape));

const radioClasses = "size-4 border-gray-300 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600";
const checkboxClasses = "accent-brand-600 size-4 shrink-0";
const errorText = "text-sm text-red-600";

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
  const register = registerClearing(form);
  const { errors, isSubmitting } = form.formState;
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
      for (const [field, messages] of Object.entries(fieldErrorsOf(error))) {
        if (formFields.has(field)) form.setError(field as FieldName, { message: messages[0] });
      }
      setFormError(userMessageOf(error, failureMessage));
    }
  }

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-5">
      <Field
        id="code"
        label="Code"
        required
        error={errors.code?.message}
        hint={
          isCodeLocked
            ? `Used ${usesCount === 1 ? "once" : `${usesCount} times`}: the code cannot change now. Create a new code for a new name.`
            : "3 to 32 letters, numbers, - or _. Buyers can type it in any case."
        }
      >
        <Input
          id="code"
          autoComplete="off"
          spellCheck={false}
          readOnly={isCodeLocked}
          placeholder="e.g. SAVE20"
          className="font-mono uppercase placeholder:normal-case read-only:bg-gray-50"
          {...invalidProps(errors.code, "code")}
          {...register("code")}
        />
      </Field>

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-gray-700">Discount type</legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
          {(
            [
              ["percent", "Percentage"],
              ["fixed", "Fixed amount"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 text-sm text-gray-900">
              <input type="radio" className={radioClasses} {...registerRadio(form, "kind", value)} />
              {label}
            </label>
          ))}
        </div>
        {kind === "percent" ? (
          <Field id="percentOff" label="Percent off" required error={errors.percentOff?.message}>
            <div className="flex max-w-40 items-center gap-2">
              <Input
                id="percentOff"
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                step={1}
                {...invalidProps(errors.percentOff, "percentOff")}
                {...register("percentOff")}
              />
              <span aria-hidden className="text-sm text-gray-600">
                %
              </span>
            </div>
          </Field>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="amountOff"
              label="Amount off"
              required
              error={errors.amountOff?.message}
              hint="Applies only to POPs priced in this currency."
            >
              <Input
                id="amountOff"
                type="number"
                inputMode="decimal"
                min={currency === "JPY" ? 1 : 0.01}
                step={currency === "JPY" ? 1 : 0.01}
                {...invalidProps(errors.amountOff, "amountOff")}
                {...register("amountOff")}
              />
            </Field>
            <Field id="currency" label="Currency" error={errors.currency?.message}>
              <Select id="currency" {...register("currency")}>
                {currencies.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
        )}
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        {(
          [
            ["startsAt", "Starts", "Empty: from now on."],
            ["endsAt", "Ends", "Empty: no end."],
          ] as const
        ).map(([name, label, hint]) => (
          <Field
            key={name}
            id={name}
            label={label}
            error={errors[name]?.message}
            hint={`${hint} Your store's time (${timeZone}).`}
          >
            <Controller
              control={form.control}
              name={name}
              render={({ field }) => (
                <Input
                  id={name}
                  type="datetime-local"
                  name={field.name}
                  value={toLocalInput(field.value, timeZone)}
                  onBlur={field.onBlur}
                  onChange={(event) => {
                    form.clearErrors(name);
                    field.onChange(fromLocalInput(event.target.value, timeZone));
                  }}
                  {...invalidProps(errors[name], name)}
                />
              )}
            />
          </Field>
        ))}
      </div>

      <Field
        id="maxUses"
        label="Maximum uses"
        error={errors.maxUses?.message}
        hint={usesCount > 0 ? `Empty: no limit. Used ${usesCount.toLocaleString("en-US")} so far.` : "Empty: no limit."}
      >
        <Input
          id="maxUses"
          type="number"
          inputMode="numeric"
          min={Math.max(1, usesCount)}
          max={MAX_DISCOUNT_USES}
          step={1}
          className="max-w-40"
          {...invalidProps(errors.maxUses, "maxUses")}
          {...register("maxUses")}
        />
      </Field>

      <div className="space-y-1">
        <label className="flex items-center gap-3 text-sm text-gray-900">
          <input
            type="checkbox"
            aria-describedby="oncePerEmail-hint"
            className={checkboxClasses}
            {...register("oncePerEmail")}
          />
          Once per buyer
        </label>
        <p id="oncePerEmail-hint" className="pl-7 text-xs text-gray-600">
          Each PayPal e-mail address can use it once.
        </p>
      </div>

      <fieldset className="space-y-3" aria-describedby={errors.appliesToAll ? "appliesToAll-error" : undefined}>
        <legend className="text-sm font-medium text-gray-700">Applies to</legend>
        <Controller
          control={form.control}
          name="appliesToAll"
          render={({ field }) => (
            <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
              {(
                [
                  [true, "All payment buttons and sell pages"],
                  [false, "Only the ones I choose"],
                ] as const
              ).map(([value, label]) => (
                <label key={label} className="flex items-center gap-2 text-sm text-gray-900">
                  <input
                    type="radio"
                    name={field.name}
                    className={radioClasses}
                    checked={field.value === value}
                    onChange={() => {
                      form.clearErrors("appliesToAll");
                      field.onChange(value);
                    }}
                  />
                  {label}
                </label>
              ))}
            </div>
          )}
        />
        {!appliesToAll && <PopPicker form={form} pops={pops} />}
        {errors.appliesToAll && (
          <p id="appliesToAll-error" role="alert" className={errorText}>
            {errors.appliesToAll.message}
          </p>
        )}
      </fieldset>

      {formError && <Alert>{formError}</Alert>}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** The store's one-time payment buttons and sell pages as two checkbox lists. */
function PopPicker({
  form,
  pops,
}: {
  form: ReturnType<typeof useForm<DiscountCodeFormValues>>;
  pops: { isPending: boolean; isError: boolean; data: Pops | undefined; refetch(): unknown };
}) {
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

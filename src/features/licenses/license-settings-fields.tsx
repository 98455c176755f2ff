"use client";

import { useRef } from "react";
import { useFormContext, useWatch, type ControllerRenderProps } from "react-hook-form";
import { fieldsFor, type ControlProps } from "~/components/ui/form";
import { Input } from "~/components/ui/input";
import { MAX_ACTIVATION_LIMIT, MAX_EXPIRY_DAYS, type LicensePolicyInput } from "~/schemas/licenses";

const { FormField, RadioGroupField } = fieldsFor<LicensePolicyInput>();

/** Ids of one card's controls: a sell page shows a card per bundle, and each label must find its own input. */
export const licenseFieldId = (buttonId: string, name: string) => `license-${buttonId}-${name}`;

/**
 * A whole number typed into a number input. Empty is `empty` (the schema refuses NaN with the field's message); the
 * browser reports text it cannot read as a number as empty too.
 */
const numberOf = (text: string, empty: number | null) => (text.trim() === "" ? empty : Number(text));

const shownNumber = (value: number | null) => (value === null || Number.isNaN(value) ? "" : value);

type NumberControl = ControlProps & ControllerRenderProps<LicensePolicyInput, "activationLimit" | "expiryDays">;

function NumberInput({
  control: { value, ...control },
  max,
  disabled,
  onNumber,
  empty,
  placeholder,
}: {
  control: NumberControl;
  max: number;
  disabled?: boolean;
  onNumber?(value: number): void;
  empty: number | null;
  placeholder?: string;
}) {
  return (
    <Input
      {...control}
      type="number"
      inputMode="numeric"
      min={1}
      max={max}
      step={1}
      className="max-w-32"
      disabled={disabled}
      placeholder={placeholder}
      value={shownNumber(value)}
      onChange={(event) => {
        const next = numberOf(event.target.value, empty);
        if (next !== null && !Number.isNaN(next)) onNumber?.(next);
        control.onChange(next);
      }}
    />
  );
}

/** The policy's fields, shown while "Issue license keys" is on: activation limit, expiry and key prefix. */
export function LicensePolicyFields({ buttonId, isSubscription }: { buttonId: string; isSubscription: boolean }) {
  const form = useFormContext<LicensePolicyInput>();
  const expiry = useWatch({ control: form.control, name: "expiry" });
  // What "Unlimited" gives back when it is unticked: the last limit the seller had.
  const lastLimit = useRef(form.getValues("activationLimit") ?? 1);
  const expiryOptions = [
    ["never", "Never"],
    ["days", "After a set number of days"],
    ...(isSubscription ? ([["subscription", "While the subscription is active"]] as const) : []),
  ] as const;

  return (
    <div className="space-y-4">
      <FormField
        name="activationLimit"
        id={licenseFieldId(buttonId, "activationLimit")}
        label="Activation limit"
        hint="How many devices or installs one key can activate at a time."
        render={(control) => (
          <div className="flex flex-wrap items-center gap-4">
            <NumberInput
              control={control}
              max={MAX_ACTIVATION_LIMIT}
              disabled={control.value === null}
              empty={Number.NaN}
              onNumber={(limit) => (lastLimit.current = limit)}
            />
            <label className="flex items-center gap-2 text-sm text-gray-900">
              <input
                type="checkbox"
                className="accent-brand-600 size-4 shrink-0"
                checked={control.value === null}
                onChange={(event) => control.onChange(event.target.checked ? null : lastLimit.current)}
              />
              Unlimited
            </label>
          </div>
        )}
      />
      <RadioGroupField name="expiry" legend="Expiry" options={expiryOptions}>
        {expiry === "days" && (
          <FormField
            name="expiryDays"
            id={licenseFieldId(buttonId, "expiryDays")}
            label="Days after purchase"
            hint="Each key stops working this many days after its purchase."
            render={(control) => <NumberInput control={control} max={MAX_EXPIRY_DAYS} empty={null} placeholder="365" />}
          />
        )}
      </RadioGroupField>
      <FormField
        name="keyPrefix"
        id={licenseFieldId(buttonId, "keyPrefix")}
        label="Key prefix (optional)"
        hint="Starts every key Popkit generates, e.g. APP- for APP-7K2M-…; up to 20 letters, numbers, - and _. Imported keys stay as they are."
      >
        <Input autoComplete="off" spellCheck={false} className="max-w-60 font-mono" />
      </FormField>
    </div>
  );
}

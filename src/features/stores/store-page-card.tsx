"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowDown, ArrowUp, X } from "lucide-react";
import { Controller, useForm, useFormContext } from "react-hook-form";
import { Button } from "~/components/ui/button";
import { errorId, hintId } from "~/components/ui/field";
import { fieldsFor } from "~/components/ui/form";
import { IconButton } from "~/components/ui/icon-button";
import { Input } from "~/components/ui/input";
import { SettingsCardForm } from "~/features/accounts/settings-card-form";
import {
  STORE_HANDLE_MAX,
  updateStorePageSchema,
  type StorePageItem,
  type UpdateStorePageInput,
} from "~/schemas/store-page";
import { api, type RouterOutputs } from "~/trpc/react";

type StorePageSettings = RouterOutputs["merchant"]["store"]["storePage"];
type Choice = StorePageSettings["choices"][number];

const { FormField, CheckboxField, FormMessage } = fieldsFor<UpdateStorePageInput>();

const ITEMS_ID = "items";
const keyOf = (item: StorePageItem) => `${item.kind}:${item.id}`;

function formValues({ enabled, handle, items }: StorePageSettings): UpdateStorePageInput {
  return { enabled, handle, items };
}

/**
 * Store Settings' "Store page" card: the store's own page /s/{handle} listing the POPs the seller picks, in their
 * order, with a cart for buying several at once. A form of its own, saved apart from the store's settings form.
 */
export function StorePageCard({ initial, appUrl }: { initial: StorePageSettings; appUrl: string }) {
  const update = api.merchant.store.updateStorePage.useMutation();
  const utils = api.useUtils();
  const form = useForm<UpdateStorePageInput>({
    resolver: zodResolver(updateStorePageSchema),
    defaultValues: formValues(initial),
    reValidateMode: "onSubmit",
  });
  const saved = utils.merchant.store.storePage.getData() ?? initial;

  return (
    <SettingsCardForm
      form={form}
      save={async (values) => {
        const next = await update.mutateAsync(values);
        utils.merchant.store.storePage.setData(undefined, next);
        form.reset(formValues(next));
        return next.enabled ? `Store page saved. It is open at ${next.url}.` : "Store page saved. It is off.";
      }}
      failureMessage="Failed to save the store page. Please try again."
      titleId="store-page-title"
      title="Store page"
      description="One page that lists the products you choose, where buyers add several to a cart and pay once with PayPal."
      labels={{ submit: "Save store page", busy: "Saving..." }}
    >
      <FormField
        name="handle"
        label="Store address"
        hint={`Lowercase letters, numbers and hyphens, up to ${STORE_HANDLE_MAX} characters. Your page: ${appUrl}/s/your-address`}
      >
        <Input autoComplete="off" spellCheck={false} maxLength={STORE_HANDLE_MAX} className="max-w-72 font-mono" />
      </FormField>
      <CheckboxField name="enabled" label="Store page is open to buyers" />
      {saved.enabled && saved.url && (
        <p className="text-sm">
          <a href={saved.url} target="_blank" rel="noreferrer" className="text-brand-700 font-medium hover:underline">
            Open your store page
          </a>
        </p>
      )}
      <ListedItems choices={initial.choices} />
    </SettingsCardForm>
  );
}

/** The listed POPs in their order (move up, move down, take off), then the others to add. */
function ListedItems({ choices }: { choices: Choice[] }) {
  const form = useFormContext<UpdateStorePageInput>();
  const error = form.formState.errors.items;
  const byKey = new Map(choices.map((choice) => [keyOf(choice), choice]));
  return (
    <div
      role="group"
      aria-labelledby={`${ITEMS_ID}-label`}
      aria-describedby={[hintId(ITEMS_ID), error ? errorId(ITEMS_ID) : ""].filter(Boolean).join(" ")}
      className="space-y-2"
    >
      <p id={`${ITEMS_ID}-label`} className="text-sm font-medium text-gray-700">
        Products on the page
      </p>
      <p id={hintId(ITEMS_ID)} className="text-xs text-gray-600">
        One-time payment buttons and sell pages, shown in this order. Switched-off products stay hidden until you switch
        them on.
      </p>
      <Controller
        control={form.control}
        name="items"
        render={({ field }) => {
          const listed = field.value.filter((item) => byKey.has(keyOf(item)));
          const listedKeys = new Set(listed.map(keyOf));
          const others = choices.filter((choice) => !listedKeys.has(keyOf(choice)));
          const move = (from: number, to: number) => {
            const next = [...listed];
            const [item] = next.splice(from, 1);
            next.splice(to, 0, item!);
            field.onChange(next);
          };
          return (
            <div className="space-y-3">
              {listed.length === 0 ? (
                <p className="rounded-lg border border-gray-200 bg-gray-50 p-3 text-sm text-gray-700">
                  {choices.length === 0
                    ? "You have no one-time payment buttons or sell pages yet."
                    : "No products on the page yet. Add them below."}
                </p>
              ) : (
                <ol aria-label="Listed products" className="space-y-1 rounded-lg border border-gray-200 p-2">
                  {listed.map((item, index) => {
                    const choice = byKey.get(keyOf(item))!;
                    return (
                      <li key={keyOf(item)} className="flex items-center gap-2 px-1 py-1 text-sm">
                        <span className="w-5 shrink-0 text-right text-gray-500 tabular-nums">{index + 1}.</span>
                        <ChoiceLabel choice={choice} />
                        <IconButton
                          label={`Move ${choice.name} up`}
                          disabled={index === 0}
                          onClick={() => move(index, index - 1)}
                        >
                          <ArrowUp aria-hidden className="size-4" />
                        </IconButton>
                        <IconButton
                          label={`Move ${choice.name} down`}
                          disabled={index === listed.length - 1}
                          onClick={() => move(index, index + 1)}
                        >
                          <ArrowDown aria-hidden className="size-4" />
                        </IconButton>
                        <IconButton
                          label={`Take ${choice.name} off the page`}
                          onClick={() => field.onChange(listed.filter((_, at) => at !== index))}
                        >
                          <X aria-hidden className="size-4" />
                        </IconButton>
                      </li>
                    );
                  })}
                </ol>
              )}
              {others.length > 0 && (
                <ul aria-label="Products to add" className="max-h-64 space-y-1 overflow-y-auto">
                  {others.map((choice) => (
                    <li key={keyOf(choice)} className="flex items-center gap-2 px-1 py-1 text-sm">
                      <ChoiceLabel choice={choice} />
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={`Add ${choice.name} to the page`}
                        onClick={() => {
                          form.clearErrors("items");
                          field.onChange([...listed, { kind: choice.kind, id: choice.id }]);
                        }}
                      >
                        Add
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          );
        }}
      />
      <FormMessage name="items" />
    </div>
  );
}

function ChoiceLabel({ choice }: { choice: Choice }) {
  return (
    <span className="min-w-0 flex-1">
      <span className="block break-words text-gray-900">{choice.name}</span>
      <span className="block text-xs text-gray-600">
        {choice.detail}
        {!choice.isActive && " · switched off"}
      </span>
    </span>
  );
}

"use client";

import { useRouter } from "next/navigation";
import { toast } from "~/components/ui/toast";
import { WpsButtonForm, type WpsActions } from "~/features/wps/wps-button-form";
import { wpsButtonDefaults, type WpsButtonInput } from "~/schemas/wps";
import { api, type RouterOutputs } from "~/trpc/react";

type SavedWpsButton = RouterOutputs["wps"]["get"];

/** A saved button's form values: all but its id and on/off switch (the WPS tab toggles that). */
function valuesOf({ id: _id, isActive: _isActive, ...values }: SavedWpsButton): WpsButtonInput {
  return values;
}

/**
 * Create (without `button`: the form's defaults) or edit a WPS button. Edit gets the merchant's own button, read by
 * the page on the server, so the form's first paint shows its saved values (an unknown or foreign id is the page's
 * 404). Success toasts and goes to the WPS tab, which after a create opens "Your WPS button is ready" (?created=).
 */
export function WpsButtonEditor({
  button,
  appUrl,
  actions,
}: {
  button?: SavedWpsButton;
  appUrl: string;
  actions: WpsActions;
}) {
  const router = useRouter();
  const utils = api.useUtils();
  const create = api.wps.create.useMutation();
  const update = api.wps.update.useMutation();

  async function save(values: WpsButtonInput) {
    if (button) {
      await update.mutateAsync({ id: button.id, values });
      await utils.wps.invalidate();
      toast.success("WPS button saved");
      router.push(`/dashboard/pages?tab=wps-buttons&saved=${encodeURIComponent(button.id)}`);
      return;
    }
    const created = await create.mutateAsync(values);
    // A new button also changes the tabs' counts.
    await Promise.all([utils.wps.invalidate(), utils.pages.counts.invalidate()]);
    toast.success("WPS button created");
    router.push(`/dashboard/pages?tab=wps-buttons&created=${encodeURIComponent(created.id)}`);
  }

  const form = (
    <WpsButtonForm
      initialValues={button ? valuesOf(button) : wpsButtonDefaults}
      buttonId={button?.id ?? null}
      appUrl={appUrl}
      actions={actions}
      submitLabels={{ idle: "Save WPS Button", busy: "Saving..." }}
      failureMessage={button ? "Failed to update WPS button" : "Failed to create WPS button"}
      onSave={save}
    />
  );
  if (!button) return form;
  return (
    <div className="space-y-6">
      <p className="text-sm text-gray-600">
        Button ID: <span className="font-mono break-all text-gray-900">{button.id}</span>
      </p>
      {form}
    </div>
  );
}

"use client";

import { useRouter } from "next/navigation";
import { toast } from "~/components/ui/toast";
import { WpsButtonForm, type WpsActions } from "~/features/wps/wps-button-form";
import { api, type RouterOutputs } from "~/trpc/react";

/**
 * WPS edit: the merchant's own button, read by the page on the
 * server, so the form's first paint shows its saved values (an unknown or foreign id is the page's 404).
 */
export function EditWpsButton({
  button,
  appUrl,
  actions,
}: {
  button: RouterOutputs["wps"]["get"];
  appUrl: string;
  actions: WpsActions;
}) {
  const router = useRouter();
  const utils = api.useUtils();
  const update = api.wps.update.useMutation();
  const { id: buttonId, isActive: _isActive, ...values } = button;
  return (
    <div className="space-y-6">
      <p className="text-sm text-gray-600">
        Button ID: <span className="font-mono break-all text-gray-900">{buttonId}</span>
      </p>
      <WpsButtonForm
        initialValues={values}
        buttonId={buttonId}
        appUrl={appUrl}
        actions={actions}
        submitLabels={{ idle: "Save WPS Button", busy: "Saving..." }}
        failureMessage="Failed to update WPS button"
        onSave={async (next) => {
          await update.mutateAsync({ id: buttonId, values: next });
          await utils.wps.invalidate();
          toast.success("WPS button saved");
          router.push(`/dashboard/pages?tab=wps-buttons&saved=${encodeURIComponent(buttonId)}`);
        }}
      />
    </div>
  );
}

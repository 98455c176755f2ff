"use client";

import { useRouter } from "next/navigation";
import { toast } from "~/components/ui/toast";
import { WpsButtonForm, type WpsActions } from "~/features/wps/wps-button-form";
import { wpsButtonDefaults } from "~/schemas/wps";
import { api } from "~/trpc/react";

/**
 * Create: the form's defaults. Success toasts and goes to the WPS tab, which opens "Your WPS button is
 * ready" for it (?created=).
 */
export function CreateWpsButton({ appUrl, actions }: { appUrl: string; actions: WpsActions }) {
  const router = useRouter();
  const utils = api.useUtils();
  const create = api.wps.create.useMutation();
  return (
    <WpsButtonForm
      initialValues={wpsButtonDefaults}
      buttonId={null}
      appUrl={appUrl}
      actions={actions}
      submitLabels={{ idle: "Save WPS Button", busy: "Saving..." }}
      failureMessage="Failed to create WPS button"
      onSave={async (values) => {
        const created = await create.mutateAsync(values);
        await Promise.all([utils.wps.invalidate(), utils.pages.counts.invalidate()]);
        toast.success("WPS button created");
        router.push(`/dashboard/pages?tab=wps-buttons&created=${encodeURIComponent(created.id)}`);
      }}
    />
  );
}

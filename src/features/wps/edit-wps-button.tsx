"use client";

import { useRouter } from "next/navigation";
import { toast } from "~/components/ui/toast";
import { PageLoadStatus } from "~/features/payment-buttons/page-load-status";
import { WpsButtonForm, type WpsActions } from "~/features/wps/wps-button-form";
import { api } from "~/trpc/react";

/** WPS edit (SPEC calls it unimplemented; issue 11 builds it): an unknown or foreign id shows 'Error Loading Button'. */
export function EditWpsButton({ id, appUrl, actions }: { id: string; appUrl: string; actions: WpsActions }) {
  const router = useRouter();
  const utils = api.useUtils();
  // A missing button stays missing: retrying would only delay the error card.
  const button = api.wps.get.useQuery({ id }, { retry: false, refetchOnWindowFocus: false });
  const update = api.wps.update.useMutation();

  if (!button.isSuccess) {
    return (
      <PageLoadStatus
        query={button}
        loadingLabel="Loading WPS button..."
        errorTitle="Error Loading Button"
        errorFallback="Failed to load WPS button"
        returnHref="/dashboard/pages?tab=wps-buttons"
      />
    );
  }

  const { id: buttonId, isActive: _isActive, ...values } = button.data;
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

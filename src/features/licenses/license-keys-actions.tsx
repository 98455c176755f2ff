"use client";

import { Ban, CircleCheck, RefreshCcw, RotateCcw } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ConfirmDialog } from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toast";
import { api, userMessageOf } from "~/trpc/react";
import { licenseKeyHref, maskedKey } from "./license-keys-format";
import { LicenseKeyExpiryDialog } from "./license-keys-expiry-dialog";

type Key = {
  id: string;
  keyHint: string;
  isDisabled: boolean;
  activations: number;
  expiresAt: Date | null;
  expiresWithSubscription: boolean;
  hasSubscription: boolean;
  /** Set once replaced: a key is replaced once, so the action is gone. */
  replacedById: string | null;
};

type Confirming = "disable" | "reset" | "replace" | null;

/**
 * What a seller can do to one key. Disable, reset and replace change what the buyer's app sees, so they ask
 * first; enabling only gives back what the key had, and the expiry has a dialog of its own.
 */
export function LicenseKeyActions({ licenseKey }: { licenseKey: Key }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const close = () => setConfirming(null);
  const onError = (fallback: string) => (error: unknown) => toast.error(userMessageOf(error, fallback));
  const done = (text: string) => {
    toast.success(text);
    router.refresh();
  };
  const disable = api.merchant.licenses.disable.useMutation({
    onSuccess: () => done("Key disabled."),
    onError: onError("The key was not disabled. Please try again."),
    onSettled: close,
  });
  const enable = api.merchant.licenses.enable.useMutation({
    onSuccess: () => done("Key enabled."),
    onError: onError("The key was not enabled. Please try again."),
  });
  const reset = api.merchant.licenses.resetActivations.useMutation({
    onSuccess: () => done("Activations reset."),
    onError: onError("The activations were not reset. Please try again."),
    onSettled: close,
  });
  const replace = api.merchant.licenses.replace.useMutation({
    onSuccess: ({ id }) => {
      toast.success("Replacement issued. The old key is disabled.");
      router.push(licenseKeyHref(id));
    },
    onError: onError("The replacement was not issued. Please try again."),
    onSettled: close,
  });
  const masked = maskedKey(licenseKey.keyHint);

  return (
    <>
      {licenseKey.isDisabled ? (
        <Button
          variant="secondary"
          // aria-disabled, not disabled: a disabled button drops keyboard focus to the page.
          aria-disabled={enable.isPending || undefined}
          onClick={() => !enable.isPending && enable.mutate({ id: licenseKey.id })}
        >
          <CircleCheck aria-hidden className="size-4" />
          {enable.isPending ? "Enabling..." : "Enable"}
        </Button>
      ) : (
        <Button
          variant="secondary"
          className="text-red-700"
          aria-haspopup="dialog"
          onClick={() => setConfirming("disable")}
        >
          <Ban aria-hidden className="size-4" />
          Disable
        </Button>
      )}
      {licenseKey.activations > 0 && (
        <Button variant="secondary" aria-haspopup="dialog" onClick={() => setConfirming("reset")}>
          <RotateCcw aria-hidden className="size-4" />
          Reset activations
        </Button>
      )}
      <LicenseKeyExpiryDialog licenseKey={licenseKey} />
      {!licenseKey.replacedById && (
        <Button variant="secondary" aria-haspopup="dialog" onClick={() => setConfirming("replace")}>
          <RefreshCcw aria-hidden className="size-4" />
          Issue replacement
        </Button>
      )}

      <ConfirmDialog
        open={confirming === "disable"}
        onClose={close}
        title={`Disable key ${masked}?`}
        description="Apps using this key stop working: the License API answers “disabled” to activate and validate."
        confirmLabel="Disable"
        busyLabel="Disabling..."
        isBusy={disable.isPending}
        onConfirm={() => disable.mutate({ id: licenseKey.id })}
      >
        You can enable it again at any time.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === "reset"}
        onClose={close}
        title={`Reset the activations of ${masked}?`}
        description={`All ${licenseKey.activations} active ${licenseKey.activations === 1 ? "instance is" : "instances are"} deactivated, so the buyer can activate the key again, up to its limit.`}
        confirmLabel="Reset activations"
        busyLabel="Resetting..."
        isBusy={reset.isPending}
        onConfirm={() => reset.mutate({ id: licenseKey.id })}
      >
        The instances stay in the key&apos;s history.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === "replace"}
        onClose={close}
        title={`Issue a replacement for ${masked}?`}
        description="A new key is issued for the same purchase, with the same activation limit and expiry, and this key is disabled."
        confirmLabel="Issue replacement"
        busyLabel="Issuing..."
        tone="primary"
        isBusy={replace.isPending}
        onConfirm={() => replace.mutate({ id: licenseKey.id })}
      >
        Send the new key to the buyer yourself: it is shown on the next page, ready to copy.
      </ConfirmDialog>
    </>
  );
}

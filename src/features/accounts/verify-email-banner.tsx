"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { api, userMessageOf } from "~/trpc/react";

/** 'Resend link': sends a fresh verification mail and says where it went (or why it did not). */
export function ResendVerificationLink() {
  const router = useRouter();
  const resend = api.merchant.account.resendVerification.useMutation();
  const [result, setResult] = useState<string | null>(null);

  async function resendLink() {
    setResult(null);
    try {
      const sent = await resend.mutateAsync();
      // Verified in another tab meanwhile: re-render without the banner.
      if (sent.isAlreadyVerified) router.refresh();
      else setResult(`We sent a new link to ${sent.email}.`);
    } catch (error) {
      setResult(userMessageOf(error, "The link could not be sent. Please try again."));
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={() => void resendLink()}
        disabled={resend.isPending}
        className="font-medium underline disabled:opacity-60"
      >
        {resend.isPending ? "Sending..." : "Resend link"}
      </button>
      {result && (
        <span role="status" className="mt-1 block">
          {result}
        </span>
      )}
    </>
  );
}

/** On every dashboard page until the address is verified. */
export function VerifyEmailBanner({ email }: { email: string }) {
  return (
    <Alert tone="warning">
      Verify your e-mail address: we sent a link to {email}. <ResendVerificationLink />
    </Alert>
  );
}

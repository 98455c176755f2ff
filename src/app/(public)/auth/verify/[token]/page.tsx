import Link from "next/link";
import { AuthFrame, AuthMessage } from "~/features/auth/auth-frame";
import { verifyEmail, type EmailVerificationResult } from "~/server/accounts/accounts";

export const metadata = { title: "Verify your e-mail · Popkit", referrer: "no-referrer" };

const dashboardLink = (
  <Link href="/dashboard" className="text-brand-600 font-medium hover:underline">
    Go to your dashboard
  </Link>
);

const outcomes: Record<EmailVerificationResult, { title: string; text: string }> = {
  verified: { title: "Your e-mail address is verified", text: "Thank you: your account's address is confirmed." },
  address_changed: {
    title: "This link is for another address",
    text: "It was sent to an address your account no longer uses. Use 'Resend link' on your dashboard to verify the current one.",
  },
  invalid: {
    title: "This link can no longer be used",
    text: "Verification links work for 24 hours. Use 'Resend link' on your dashboard to get a new one.",
  },
};

export default async function VerifyEmailPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  // Following the link is the proof: a visit verifies the address the mail went to.
  const outcome = outcomes[token.length > 200 ? "invalid" : await verifyEmail(token)];
  return (
    <AuthFrame>
      <AuthMessage title={outcome.title}>
        <p>{outcome.text}</p>
        <p>{dashboardLink}</p>
      </AuthMessage>
    </AuthFrame>
  );
}

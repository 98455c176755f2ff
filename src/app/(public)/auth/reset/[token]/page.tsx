import Link from "next/link";
import { Providers } from "~/app/providers";
import { AuthFrame, AuthMessage } from "~/features/auth/auth-frame";
import { ResetPasswordForm } from "~/features/auth/reset-password-form";
import { isResetLinkUsable } from "~/server/accounts/accounts";

export const metadata = { title: "Choose a new password · Popkit", referrer: "no-referrer" };

export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  // Opening the link only looks: the token is used up when the new password is saved, so a mail scanner that
  // follows links does not spend it.
  if (token.length > 200 || !(await isResetLinkUsable(token))) {
    return (
      <AuthFrame>
        <AuthMessage title="This link can no longer be used">
          <p>Reset links work once, for one hour. This one has expired or was already used.</p>
          <p>
            <Link href="/auth/forgot" className="text-brand-600 font-medium hover:underline">
              Ask for a new link
            </Link>
          </p>
        </AuthMessage>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame>
      <Providers>
        <ResetPasswordForm token={token} />
      </Providers>
    </AuthFrame>
  );
}

import { Providers } from "~/app/providers";
import { AuthFrame } from "~/features/auth/auth-frame";
import { ForgotPasswordForm } from "~/features/auth/forgot-password-form";

export const metadata = { title: "Reset your password · Popkit" };

export default function ForgotPasswordPage() {
  return (
    <AuthFrame>
      <Providers>
        <ForgotPasswordForm />
      </Providers>
    </AuthFrame>
  );
}

import { redirect } from "next/navigation";
import { Providers } from "~/app/providers";
import { AuthFrame } from "~/features/auth/auth-frame";
import { MerchantAuthForm } from "~/features/auth/merchant-auth-form";
import { merchantSignInError } from "~/features/auth/sign-in-errors";
import { auth } from "~/server/auth";
import { isGoogleConfigured } from "~/server/auth/config";

export const metadata = { title: "Sign in · Popkit" };

export default async function AuthPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const session = await auth();
  if (session?.user.userType === "merchant") redirect("/dashboard");
  const params = await searchParams;
  const error = typeof params.error === "string" ? merchantSignInError(params.error) : undefined;

  return (
    <AuthFrame>
      <Providers>
        <MerchantAuthForm
          initialMode={params.mode === "signup" ? "signup" : "signin"}
          isGoogleConfigured={isGoogleConfigured}
          initialError={error}
        />
      </Providers>
    </AuthFrame>
  );
}

import Link from "next/link";
import { redirect } from "next/navigation";
import { Providers } from "~/app/providers";
import { MerchantAuthForm } from "~/features/auth/merchant-auth-form";
import { merchantSignInErrors } from "~/features/auth/sign-in-errors";
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
  const error =
    typeof params.error === "string" ? (merchantSignInErrors[params.error] ?? "An error occurred") : undefined;

  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <Link href="/" className="text-brand-600 mb-8 text-2xl font-extrabold tracking-tight">
        Popkit
      </Link>
      <div className="w-full max-w-md rounded-2xl border border-gray-200 bg-white p-8 shadow-sm">
        <Providers>
          <MerchantAuthForm
            initialMode={params.mode === "signup" ? "signup" : "signin"}
            isGoogleConfigured={isGoogleConfigured}
            initialError={error}
          />
        </Providers>
      </div>
    </main>
  );
}

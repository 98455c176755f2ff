"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Form, FormField, setFieldErrors } from "~/components/ui/form";
import { Input } from "~/components/ui/input";
import { EmailField, PasswordField, SubmitRow } from "~/features/auth/auth-form-parts";
import { merchantSignInError } from "~/features/auth/sign-in-errors";
import { merchantSignInSchema, merchantSignUpSchema } from "~/schemas/accounts";
import { api, fieldErrorsOf, userMessageOf } from "~/trpc/react";

type Mode = "signin" | "signup";

// The form always has a name field; sign-in simply ignores it.
const signInFormSchema = merchantSignInSchema.extend({ name: z.string().optional() });

export function MerchantAuthForm({
  initialMode,
  isGoogleConfigured,
  initialError,
}: {
  initialMode: Mode;
  isGoogleConfigured: boolean;
  initialError?: string;
}) {
  const router = useRouter();
  const [mode, setMode] = useState<Mode>(initialMode);
  const [formError, setFormError] = useState<string | null>(initialError ?? null);
  const [notice, setNotice] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const signUp = api.merchant.account.signUp.useMutation();

  type FormValues = { name?: string; email: string; password: string };
  const form = useForm<FormValues>({
    resolver: zodResolver(mode === "signup" ? merchantSignUpSchema : signInFormSchema) as never,
    defaultValues: { name: "", email: "", password: "" },
    reValidateMode: "onSubmit",
  });

  function switchMode(next: Mode) {
    setMode(next);
    setFormError(null);
    setSentTo(null);
    form.clearErrors();
    router.replace(next === "signup" ? "/auth?mode=signup" : "/auth", { scroll: false });
  }

  async function onSubmit(values: FormValues) {
    setFormError(null);
    setSentTo(null);
    try {
      if (mode === "signup") {
        await signUp.mutateAsync({ name: values.name ?? "", email: values.email, password: values.password });
      }
      const result = await signIn("merchant", { email: values.email, password: values.password, redirect: false });
      if (result?.error) {
        // Sign-up answers alike for new and taken e-mails; a taken one's owner got a mail, so say only that.
        if (mode === "signup") setSentTo(values.email.trim().toLowerCase());
        else setFormError(merchantSignInError(result.code));
        return;
      }
      router.push("/dashboard");
      router.refresh();
    } catch (error) {
      setFieldErrors(form, fieldErrorsOf(error));
      setFormError(userMessageOf(error, "An error occurred"));
    }
  }

  function continueWithGoogle() {
    if (!isGoogleConfigured) {
      setNotice("Google sign-in is not configured on this server. Please use your email and password.");
      return;
    }
    void signIn("google", { redirectTo: "/dashboard" });
  }

  const isSignUp = mode === "signup";
  return (
    <div className="w-full max-w-md space-y-6">
      <div className="text-center">
        <h1 className="text-2xl font-bold text-gray-900">{isSignUp ? "Create your account" : "Welcome back"}</h1>
        <p className="mt-1 text-sm text-gray-600">
          {isSignUp ? "Start selling with PayPal in minutes." : "Sign in to your Popkit dashboard."}
        </p>
      </div>

      <Button variant="secondary" className="w-full" onClick={continueWithGoogle}>
        <svg aria-hidden viewBox="0 0 24 24" className="h-4 w-4">
          <path
            fill="#4285F4"
            d="M22.5 12.3c0-.8-.1-1.5-.2-2.3H12v4.3h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8z"
          />
          <path
            fill="#34A853"
            d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z"
          />
          <path fill="#FBBC05" d="M5.8 14.2a6.6 6.6 0 0 1 0-4.3V7.1H2.1a11 11 0 0 0 0 9.9l3.7-2.8z" />
          <path
            fill="#EA4335"
            d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4z"
          />
        </svg>
        Continue with Google
      </Button>
      {notice && <Alert tone="info">{notice}</Alert>}

      <div className="flex items-center gap-3 text-xs text-gray-600 uppercase">
        <span aria-hidden className="h-px flex-1 bg-gray-200" />
        or
        <span aria-hidden className="h-px flex-1 bg-gray-200" />
      </div>

      <Form form={form} onSubmit={onSubmit} className="space-y-4">
        {isSignUp && (
          <FormField<FormValues> name="name" label="Full Name">
            <Input autoComplete="name" />
          </FormField>
        )}
        <EmailField />
        <PasswordField autoComplete={isSignUp ? "new-password" : "current-password"} />
        {!isSignUp && (
          <p className="-mt-2 text-right text-sm">
            <Link href="/auth/forgot" className="text-brand-600 font-medium hover:underline">
              Forgot password?
            </Link>
          </p>
        )}
        {sentTo && <Alert tone="info">Check your inbox: we sent a message to {sentTo}.</Alert>}
        <SubmitRow
          formError={formError}
          label={isSignUp ? "Sign Up" : "Sign In"}
          busyLabel={isSignUp ? "Creating account..." : "Signing in..."}
        />
      </Form>

      <p className="text-center text-sm text-gray-600">
        {isSignUp ? "Already have an account? " : "Don't have an account? "}
        <button
          type="button"
          className="text-brand-600 font-medium hover:underline"
          onClick={() => switchMode(isSignUp ? "signin" : "signup")}
        >
          {isSignUp ? "Sign in" : "Sign up"}
        </button>
      </p>
      <p className="text-center text-xs text-gray-600">
        By continuing you agree to our{" "}
        <Link href="/terms" className="underline">
          Terms of Service
        </Link>{" "}
        and{" "}
        <Link href="/privacy" className="underline">
          Privacy Policy
        </Link>
        .
      </p>
    </div>
  );
}

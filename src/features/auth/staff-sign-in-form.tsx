"use client";

import { ShieldCheck } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { Form, FormField } from "~/components/ui/form";
import { Input } from "~/components/ui/input";
import { PasswordField, SubmitRow, useAuthForm } from "~/features/auth/auth-form-parts";
import { staffSignInError } from "~/features/auth/sign-in-errors";
import { staffSignInSchema, type StaffSignInInput } from "~/schemas/accounts";

export function StaffSignInForm() {
  const router = useRouter();
  const { form, formError, setFormError } = useAuthForm(staffSignInSchema, { username: "", password: "" });

  async function onSubmit(values: StaffSignInInput) {
    setFormError(null);
    try {
      const result = await signIn("staff", { ...values, redirect: false });
      if (result?.error) {
        setFormError(staffSignInError(result.code));
        return;
      }
      router.push("/saas-admin");
      router.refresh();
    } catch {
      setFormError("Login failed");
    }
  }

  return (
    <div className="w-full max-w-md space-y-6">
      <div className="text-center">
        <ShieldCheck aria-hidden className="text-brand-600 mx-auto h-10 w-10" />
        <h1 className="mt-3 text-2xl font-bold text-gray-900">Admin Portal</h1>
        <p className="mt-1 text-sm text-gray-600">Sign in with your staff username.</p>
      </div>
      <Form form={form} onSubmit={onSubmit} className="space-y-4">
        <FormField<StaffSignInInput> name="username" label="Username">
          <Input autoComplete="username" />
        </FormField>
        <PasswordField autoComplete="current-password" />
        <SubmitRow formError={formError} label="Sign In" busyLabel="Signing in..." />
      </Form>
      <p className="text-center text-sm">
        <Link href="/auth" className="text-brand-600 font-medium hover:underline">
          Merchant Login
        </Link>
      </p>
    </div>
  );
}

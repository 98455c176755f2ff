"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, registerClearing } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { PasswordInput } from "~/components/ui/password-input";
import {
  changeOwnPasswordSchema,
  updateOwnProfileSchema,
  type ChangeOwnPasswordInput,
  type UpdateOwnProfileInput,
} from "~/schemas/staff";
import { applyServerErrors, NewPasswordField } from "~/features/staff/form-parts";
import { api, type RouterOutputs } from "~/trpc/react";

type Account = RouterOutputs["admin"]["profile"]["get"];
type Status = { tone: "success" | "error"; text: string } | null;

/** The signed-in staff member's name and e-mail. Username and role are managed on the SaaS Users page. */
export function ProfileForm({ account }: { account: Account }) {
  const router = useRouter();
  const save = api.admin.profile.update.useMutation();
  const [status, setStatus] = useState<Status>(null);
  const form = useForm<UpdateOwnProfileInput, unknown, z.output<typeof updateOwnProfileSchema>>({
    resolver: zodResolver(updateOwnProfileSchema),
    defaultValues: { name: account.name, email: account.email },
    reValidateMode: "onSubmit",
  });
  const { errors, isSubmitting } = form.formState;
  const register = registerClearing(form);

  async function onSubmit(values: z.output<typeof updateOwnProfileSchema>) {
    setStatus(null);
    try {
      const saved = await save.mutateAsync(values);
      form.reset({ name: saved.name, email: saved.email });
      setStatus({ tone: "success", text: "Profile saved." });
      // The sidebar shows the name: re-render the layout with the saved one.
      router.refresh();
    } catch (error) {
      setStatus({
        tone: "error",
        text: applyServerErrors(form, error, "Failed to save your profile. Please try again."),
      });
    }
  }

  return (
    <Card className="p-6">
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4" aria-labelledby="profile-title">
        <div>
          <h2 id="profile-title" className="text-lg font-semibold text-gray-900">
            Profile
          </h2>
          <p className="text-sm text-gray-600">
            Signed in as @{account.username}. Your username and role are changed on the SaaS Users page.
          </p>
        </div>
        <Field id="profile-name" label="Name" required error={errors.name?.message}>
          <Input id="profile-name" autoComplete="name" aria-invalid={Boolean(errors.name)} {...register("name")} />
        </Field>
        <Field id="profile-email" label="Email" required error={errors.email?.message}>
          <Input
            id="profile-email"
            type="email"
            autoComplete="email"
            aria-invalid={Boolean(errors.email)}
            {...register("email")}
          />
        </Field>
        {status && <Alert tone={status.tone}>{status.text}</Alert>}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : "Save Profile"}
        </Button>
      </form>
    </Card>
  );
}

const emptyPasswords: ChangeOwnPasswordInput = { currentPassword: "", newPassword: "", confirmPassword: "" };

export function ChangePasswordForm() {
  const change = api.admin.profile.changePassword.useMutation();
  const [status, setStatus] = useState<Status>(null);
  const form = useForm<ChangeOwnPasswordInput>({
    resolver: zodResolver(changeOwnPasswordSchema),
    defaultValues: emptyPasswords,
    reValidateMode: "onSubmit",
  });
  const { errors, isSubmitting } = form.formState;
  const register = registerClearing(form);

  async function onSubmit(values: ChangeOwnPasswordInput) {
    setStatus(null);
    try {
      await change.mutateAsync(values);
      form.reset(emptyPasswords);
      setStatus({ tone: "success", text: "Password changed." });
    } catch (error) {
      setStatus({
        tone: "error",
        text: applyServerErrors(form, error, "Failed to change your password. Please try again."),
      });
    }
  }

  return (
    <Card className="p-6">
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4" aria-labelledby="password-title">
        <h2 id="password-title" className="text-lg font-semibold text-gray-900">
          Change password
        </h2>
        <Field id="current-password" label="Current password" required error={errors.currentPassword?.message}>
          <PasswordInput
            id="current-password"
            autoComplete="current-password"
            aria-invalid={Boolean(errors.currentPassword)}
            {...register("currentPassword")}
          />
        </Field>
        <NewPasswordField
          id="new-password"
          label="New password"
          error={errors.newPassword?.message}
          registration={register("newPassword")}
        />
        <Field id="confirm-password" label="Confirm new password" required error={errors.confirmPassword?.message}>
          <PasswordInput
            id="confirm-password"
            autoComplete="new-password"
            aria-invalid={Boolean(errors.confirmPassword)}
            {...register("confirmPassword")}
          />
        </Field>
        {status && <Alert tone={status.tone}>{status.text}</Alert>}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Changing..." : "Change Password"}
        </Button>
      </form>
    </Card>
  );
}

"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { Card } from "~/components/ui/card";
import { fieldsFor, Form, SubmitButton } from "~/components/ui/form";
import { Input } from "~/components/ui/input";
import { ChangePasswordFields } from "~/features/accounts/account-settings";
import {
  changeOwnPasswordSchema,
  updateOwnProfileSchema,
  type ChangeOwnPasswordInput,
  type UpdateOwnProfileInput,
} from "~/schemas/staff";
import { applyServerErrors } from "~/features/staff/form-parts";
import { api, type RouterOutputs } from "~/trpc/react";

type Account = RouterOutputs["admin"]["profile"]["get"];
type Status = { tone: "success" | "error"; text: string } | null;

const { FormField } = fieldsFor<UpdateOwnProfileInput>();

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
      <Form form={form} onSubmit={onSubmit} className="space-y-4" aria-labelledby="profile-title">
        <div>
          <h2 id="profile-title" className="text-lg font-semibold text-gray-900">
            Profile
          </h2>
          <p className="text-sm text-gray-600">
            Signed in as @{account.username}. Your username and role are changed on the SaaS Users page.
          </p>
        </div>
        <FormField name="name" id="profile-name" label="Name" required>
          <Input autoComplete="name" />
        </FormField>
        <FormField name="email" id="profile-email" label="Email" required>
          <Input type="email" autoComplete="email" />
        </FormField>
        {status && <Alert tone={status.tone}>{status.text}</Alert>}
        <SubmitButton busyLabel="Saving...">Save Profile</SubmitButton>
      </Form>
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
      <Form form={form} onSubmit={onSubmit} className="space-y-4" aria-labelledby="password-title">
        <h2 id="password-title" className="text-lg font-semibold text-gray-900">
          Change password
        </h2>
        <ChangePasswordFields newPasswordHint="At least 8 characters." />
        {status && <Alert tone={status.tone}>{status.text}</Alert>}
        <SubmitButton busyLabel="Changing...">Change Password</SubmitButton>
      </Form>
    </Card>
  );
}

"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { fieldsFor } from "~/components/ui/form";
import { Input } from "~/components/ui/input";
import { PasswordChangeForm } from "~/features/accounts/account-settings";
import { SettingsCardForm } from "~/features/accounts/settings-card-form";
import { changeOwnPasswordSchema, updateOwnProfileSchema, type UpdateOwnProfileInput } from "~/schemas/staff";
import { api, type RouterOutputs } from "~/trpc/react";

type Account = RouterOutputs["admin"]["profile"]["get"];

const { FormField } = fieldsFor<UpdateOwnProfileInput>();

/** The signed-in staff member's name and e-mail. Username and role are managed on the SaaS Users page. */
export function ProfileForm({ account }: { account: Account }) {
  const router = useRouter();
  const save = api.admin.profile.update.useMutation();
  const form = useForm<UpdateOwnProfileInput, unknown, z.output<typeof updateOwnProfileSchema>>({
    resolver: zodResolver(updateOwnProfileSchema),
    defaultValues: { name: account.name, email: account.email },
    reValidateMode: "onSubmit",
  });

  return (
    <SettingsCardForm
      form={form}
      save={async (values) => {
        const saved = await save.mutateAsync(values);
        form.reset({ name: saved.name, email: saved.email });
        // The sidebar shows the name: re-render the layout with the saved one.
        router.refresh();
        return "Profile saved.";
      }}
      failureMessage="Failed to save your profile. Please try again."
      titleId="profile-title"
      title="Profile"
      description={`Signed in as @${account.username}. Your username and role are changed on the SaaS Users page.`}
      labels={{ submit: "Save Profile", busy: "Saving..." }}
    >
      <FormField name="name" id="profile-name" label="Name" required>
        <Input autoComplete="name" />
      </FormField>
      <FormField name="email" id="profile-email" label="Email" required>
        <Input type="email" autoComplete="email" />
      </FormField>
    </SettingsCardForm>
  );
}

export function ChangePasswordForm() {
  const change = api.admin.profile.changePassword.useMutation();
  return (
    <PasswordChangeForm
      schema={changeOwnPasswordSchema}
      change={async (values) => {
        await change.mutateAsync(values);
        return "Password changed.";
      }}
      newPasswordHint="At least 8 characters."
    />
  );
}

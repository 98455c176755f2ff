"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { fieldsFor } from "~/components/ui/form";
import { Input, Select, Textarea } from "~/components/ui/input";
import { NewPasswordField, StaffDialogForm } from "~/features/staff/form-parts";
import { createSaasUserSchema, resetSaasUserPasswordSchema, roleLabels, type SaasRoleName } from "~/schemas/staff";
import { api, type RouterOutputs } from "~/trpc/react";

export type StaffUserRow = RouterOutputs["admin"]["users"]["list"]["users"][number];

type UserValues = z.input<typeof createSaasUserSchema>;

const { FormField, CheckboxField } = fieldsFor<UserValues>();

/** Username, name, e-mail, then (after `children`) description, role (only `roles` are offered) and status. */
function UserFields({ idPrefix, roles, children }: { idPrefix: string; roles: SaasRoleName[]; children?: ReactNode }) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField name="username" id={`${idPrefix}-username`} label="Username" required>
          <Input autoComplete="off" />
        </FormField>
        <FormField name="name" id={`${idPrefix}-name`} label="Name" required>
          <Input autoComplete="off" />
        </FormField>
      </div>
      <FormField name="email" id={`${idPrefix}-email`} label="Email" required>
        <Input type="email" autoComplete="off" />
      </FormField>
      {children}
      <FormField name="description" id={`${idPrefix}-description`} label="Description">
        <Textarea rows={2} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField name="role" id={`${idPrefix}-role`} label="Role">
          <Select options={roles.map((role) => [role, roleLabels[role]] as const)} />
        </FormField>
        <div className="space-y-1.5">
          <span className="block text-sm font-medium text-gray-700">Status</span>
          <CheckboxField name="isActive" id={`${idPrefix}-active`} label="Active" className="h-10 gap-2" />
        </div>
      </div>
    </>
  );
}

// An edit leaves the password alone (Reset Password changes it): the field is not shown, any value passes and none is sent.
const editedUserSchema = createSaasUserSchema.extend({ password: z.string() });

const newUser: UserValues = {
  username: "",
  email: "",
  password: "",
  name: "",
  description: "",
  role: "operator",
  isActive: true,
};

/** The user's fields as the form holds them: no password (an edit does not change it) and "" for no description. */
function valuesOf({ username, email, name, description, role, isActive }: StaffUserRow): UserValues {
  return { username, email, password: "", name, description: description ?? "", role, isActive };
}

const modes = {
  create: {
    failureMessage: "Failed to create user. Please try again.",
    labels: { submit: "Create User", busy: "Creating..." },
  },
  edit: {
    failureMessage: "Failed to update user. Please try again.",
    labels: { submit: "Save Changes", busy: "Saving..." },
  },
};

/** The roles an edit offers: those the signed-in member may assign, plus the user's own so the form can show it. */
export function editableRolesOf(user: StaffUserRow) {
  return user.assignableRoles.includes(user.role) ? user.assignableRoles : [user.role, ...user.assignableRoles];
}

/**
 * The staff portal's 'Create New SaaS User' (without `user`: defaults operator and active, plus a password) and
 * 'Edit SaaS User'. Only `roles` are offered.
 */
export function UserForm({
  user,
  roles,
  onDone,
  onCancel,
}: {
  user?: StaffUserRow;
  roles: SaasRoleName[];
  onDone(username: string): void;
  onCancel(): void;
}) {
  const create = api.admin.users.create.useMutation();
  const update = api.admin.users.update.useMutation();
  const mode = user ? "edit" : "create";
  const form = useForm<UserValues, unknown, z.output<typeof createSaasUserSchema>>({
    resolver: zodResolver(user ? editedUserSchema : createSaasUserSchema),
    defaultValues: user ? valuesOf(user) : newUser,
    reValidateMode: "onSubmit",
  });

  return (
    <StaffDialogForm
      form={form}
      save={async ({ password, ...fields }) => {
        const saved = user
          ? await update.mutateAsync({ id: user.id, ...fields })
          : await create.mutateAsync({ password, ...fields });
        onDone(saved.username);
      }}
      failureMessage={modes[mode].failureMessage}
      onCancel={onCancel}
      labels={modes[mode].labels}
    >
      <UserFields idPrefix={mode} roles={roles}>
        {!user && <NewPasswordField id="create-password" label="Password" />}
      </UserFields>
    </StaffDialogForm>
  );
}

type ResetValues = z.input<typeof resetSaasUserPasswordSchema>;

export function ResetPasswordForm({
  user,
  onDone,
  onCancel,
}: {
  user: StaffUserRow;
  onDone(username: string): void;
  onCancel(): void;
}) {
  const reset = api.admin.users.resetPassword.useMutation();
  const form = useForm<ResetValues>({
    resolver: zodResolver(resetSaasUserPasswordSchema),
    defaultValues: { id: user.id, password: "" },
    reValidateMode: "onSubmit",
  });

  return (
    <StaffDialogForm
      form={form}
      save={async (values) => {
        await reset.mutateAsync(values);
        onDone(user.username);
      }}
      failureMessage="Failed to reset the password. Please try again."
      onCancel={onCancel}
      labels={{ submit: "Reset Password", busy: "Resetting..." }}
    >
      <NewPasswordField id="reset-password" label="New password" />
    </StaffDialogForm>
  );
}

"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { fieldsFor } from "~/components/ui/form";
import { Input, Select, Textarea } from "~/components/ui/input";
import { NewPasswordField, StaffDialogForm } from "~/features/staff/form-parts";
import {
  createSaasUserSchema,
  resetSaasUserPasswordSchema,
  roleLabels,
  updateSaasUserSchema,
  type SaasRoleName,
} from "~/schemas/staff";
import { api, type RouterOutputs } from "~/trpc/react";

export type StaffUserRow = RouterOutputs["admin"]["users"]["list"]["users"][number];

type UserFields = z.input<typeof updateSaasUserSchema>;

const { FormField, CheckboxField } = fieldsFor<UserFields>();

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

type CreateValues = z.input<typeof createSaasUserSchema>;
type CreateOutput = z.output<typeof createSaasUserSchema>;

/** The staff portal's 'Create New SaaS User': role options by the creator's role, defaults operator and active. */
export function CreateUserForm({
  roles,
  onDone,
  onCancel,
}: {
  roles: SaasRoleName[];
  onDone(username: string): void;
  onCancel(): void;
}) {
  const create = api.admin.users.create.useMutation();
  const form = useForm<CreateValues, unknown, CreateOutput>({
    resolver: zodResolver(createSaasUserSchema),
    defaultValues: {
      username: "",
      email: "",
      password: "",
      name: "",
      description: "",
      role: "operator",
      isActive: true,
    },
    reValidateMode: "onSubmit",
  });

  return (
    <StaffDialogForm
      form={form}
      save={async (values) => onDone((await create.mutateAsync(values)).username)}
      failureMessage="Failed to create user. Please try again."
      onCancel={onCancel}
      labels={{ submit: "Create User", busy: "Creating..." }}
    >
      <UserFields idPrefix="create" roles={roles}>
        <NewPasswordField id="create-password" label="Password" />
      </UserFields>
    </StaffDialogForm>
  );
}

type EditValues = z.input<typeof updateSaasUserSchema>;
type EditOutput = z.output<typeof updateSaasUserSchema>;

/** Edits a user within the rules: the role list holds only the roles the signed-in member may assign. */
export function EditUserForm({
  user,
  onDone,
  onCancel,
}: {
  user: StaffUserRow;
  onDone(username: string): void;
  onCancel(): void;
}) {
  const update = api.admin.users.update.useMutation();
  const roles = user.assignableRoles.includes(user.role) ? user.assignableRoles : [user.role, ...user.assignableRoles];
  const form = useForm<EditValues, unknown, EditOutput>({
    resolver: zodResolver(updateSaasUserSchema),
    defaultValues: {
      id: user.id,
      username: user.username,
      email: user.email,
      name: user.name,
      description: user.description ?? "",
      role: user.role,
      isActive: user.isActive,
    },
    reValidateMode: "onSubmit",
  });

  return (
    <StaffDialogForm
      form={form}
      save={async (values) => onDone((await update.mutateAsync(values)).username)}
      failureMessage="Failed to update user. Please try again."
      onCancel={onCancel}
      labels={{ submit: "Save Changes", busy: "Saving..." }}
    >
      <UserFields idPrefix="edit" roles={roles} />
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

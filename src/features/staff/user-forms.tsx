"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, type UseFormRegisterReturn } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field, registerClearing } from "~/components/ui/field";
import { Input, Select, Textarea } from "~/components/ui/input";
import { applyServerErrors, NewPasswordField } from "~/features/staff/form-parts";
import {
  createSaasUserSchema,
  resetSaasUserPasswordSchema,
  roleLabels,
  updateSaasUserSchema,
  type SaasRoleName,
} from "~/schemas/staff";
import { api, type RouterOutputs } from "~/trpc/react";

export type StaffUserRow = RouterOutputs["admin"]["users"]["list"]["users"][number];

/** Cancel and submit under a staff form (users, plans). */
export function FormActions({ onCancel, busy, label, busyLabel }: FormActionsProps) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}
type FormActionsProps = { onCancel(): void; busy: boolean; label: string; busyLabel: string };

type UserField = "username" | "name" | "email" | "description" | "role" | "isActive";
type UserFieldProps = {
  /** "create" or "edit": each form keeps its own field ids. */
  idPrefix: string;
  errors: Partial<Record<UserField, { message?: string }>>;
  register(name: UserField): UseFormRegisterReturn;
};

/** Username, name and e-mail. */
function UserIdentityFields({ idPrefix, errors, register }: UserFieldProps) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${idPrefix}-username`} label="Username" required error={errors.username?.message}>
          <Input
            id={`${idPrefix}-username`}
            autoComplete="off"
            aria-invalid={Boolean(errors.username)}
            {...register("username")}
          />
        </Field>
        <Field id={`${idPrefix}-name`} label="Name" required error={errors.name?.message}>
          <Input id={`${idPrefix}-name`} autoComplete="off" aria-invalid={Boolean(errors.name)} {...register("name")} />
        </Field>
      </div>
      <Field id={`${idPrefix}-email`} label="Email" required error={errors.email?.message}>
        <Input
          id={`${idPrefix}-email`}
          type="email"
          autoComplete="off"
          aria-invalid={Boolean(errors.email)}
          {...register("email")}
        />
      </Field>
    </>
  );
}

/** Description, role (only `roles` are offered) and the Active checkbox. */
function UserRoleFields({ idPrefix, errors, register, roles }: UserFieldProps & { roles: SaasRoleName[] }) {
  return (
    <>
      <Field id={`${idPrefix}-description`} label="Description" error={errors.description?.message}>
        <Textarea id={`${idPrefix}-description`} rows={2} {...register("description")} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${idPrefix}-role`} label="Role" error={errors.role?.message}>
          <Select id={`${idPrefix}-role`} aria-invalid={Boolean(errors.role)} {...register("role")}>
            {roles.map((role) => (
              <option key={role} value={role}>
                {roleLabels[role]}
              </option>
            ))}
          </Select>
        </Field>
        <ActiveCheckbox id={`${idPrefix}-active`} error={errors.isActive?.message} {...register("isActive")} />
      </div>
    </>
  );
}

type CreateValues = z.input<typeof createSaasUserSchema>;
type CreateOutput = z.output<typeof createSaasUserSchema>;

/** SPEC 5 'Create New SaaS User': role options by the creator's role, defaults operator and active. */
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
  const [formError, setFormError] = useState<string | null>(null);
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
  const register = registerClearing(form);
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(values: CreateOutput) {
    setFormError(null);
    try {
      const user = await create.mutateAsync(values);
      onDone(user.username);
    } catch (error) {
      setFormError(applyServerErrors(form, error, "Failed to create user. Please try again."));
    }
  }

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4">
      <UserIdentityFields idPrefix="create" errors={errors} register={register} />
      <NewPasswordField
        id="create-password"
        label="Password"
        error={errors.password?.message}
        registration={register("password")}
      />
      <UserRoleFields idPrefix="create" errors={errors} register={register} roles={roles} />
      {formError && <Alert>{formError}</Alert>}
      <FormActions onCancel={onCancel} busy={isSubmitting} label="Create User" busyLabel="Creating..." />
    </form>
  );
}

function ActiveCheckbox({ id, error, ...props }: { id: string; error?: string } & UseFormRegisterReturn) {
  return (
    <div className="space-y-1.5">
      <span className="block text-sm font-medium text-gray-700">Status</span>
      <label htmlFor={id} className="flex h-10 items-center gap-2 text-sm text-gray-900">
        <input id={id} type="checkbox" className="accent-brand-600 h-4 w-4" {...props} />
        Active
      </label>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
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
  const [formError, setFormError] = useState<string | null>(null);
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
  const register = registerClearing(form);
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(values: EditOutput) {
    setFormError(null);
    try {
      const saved = await update.mutateAsync(values);
      onDone(saved.username);
    } catch (error) {
      setFormError(applyServerErrors(form, error, "Failed to update user. Please try again."));
    }
  }

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4">
      <UserIdentityFields idPrefix="edit" errors={errors} register={register} />
      <UserRoleFields idPrefix="edit" errors={errors} register={register} roles={roles} />
      {formError && <Alert>{formError}</Alert>}
      <FormActions onCancel={onCancel} busy={isSubmitting} label="Save Changes" busyLabel="Saving..." />
    </form>
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
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ResetValues>({
    resolver: zodResolver(resetSaasUserPasswordSchema),
    defaultValues: { id: user.id, password: "" },
    reValidateMode: "onSubmit",
  });
  const register = registerClearing(form);
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(values: ResetValues) {
    setFormError(null);
    try {
      await reset.mutateAsync(values);
      onDone(user.username);
    } catch (error) {
      setFormError(applyServerErrors(form, error, "Failed to reset the password. Please try again."));
    }
  }

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4">
      <NewPasswordField
        id="reset-password"
        label="New password"
        error={errors.password?.message}
        registration={register("password")}
      />
      {formError && <Alert>{formError}</Alert>}
      <FormActions onCancel={onCancel} busy={isSubmitting} label="Reset Password" busyLabel="Resetting..." />
    </form>
  );
}

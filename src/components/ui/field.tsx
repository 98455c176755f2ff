import type { ReactNode } from "react";
import {
  get,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from "react-hook-form";

/** A labelled form control with its error underneath; the control gets `id` and aria wiring from here. */
export function Field({
  id,
  label,
  error,
  hint,
  required,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-gray-700">
        {label}
        {required && <span className="ml-0.5 text-red-600">*</span>}
      </label>
      {children}
      {hint && !error && <p className="text-xs text-gray-500">{hint}</p>}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** Marks a control invalid and points screen readers at the message Field renders under it. */
export function invalidProps(error: unknown, id: string) {
  return error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};
}

/**
 * The element's own default for a form's default value: react-hook-form writes defaults into inputs only once the
 * page's script runs, so without this the server-rendered HTML shows saved values as empty fields, and what a user
 * types before the script loads is mixed with them. With it, the first paint shows the saved value, and an edit made
 * before the script ran is kept (react-hook-form keeps a field whose value differs from its default attribute).
 */
function defaultProps(value: unknown): { defaultValue?: string | number; defaultChecked?: boolean } {
  if (typeof value === "boolean") return { defaultChecked: value };
  if (typeof value === "string" || typeof value === "number") return { defaultValue: value };
  return {};
}

/** register() for a text field, select, textarea or checkbox, rendered on the server with its default value. */
export function registerField<T extends FieldValues>(
  form: UseFormReturn<T>,
  name: Path<T>,
  options?: RegisterOptions<T, Path<T>>,
): UseFormRegisterReturn<Path<T>> {
  return { ...form.register(name, options), ...defaultProps(get(form.formState.defaultValues, name)) };
}

/** One radio button of a group: checked on the server when it is the group's default value. */
export function registerRadio<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>, value: string) {
  return {
    ...form.register(name, { onChange: () => form.clearErrors(name) }),
    value,
    defaultChecked: get(form.formState.defaultValues, name) === value,
  };
}

/** registerField() that clears a field's error as soon as it is edited: a stale error under a field being fixed reads as a new one. Not for radios: registerRadio. */
export function registerClearing<T extends FieldValues>(form: UseFormReturn<T>) {
  return (name: Path<T>) => registerField(form, name, { onChange: () => form.clearErrors(name) });
}

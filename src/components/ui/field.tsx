import type { ReactNode } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";

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

/** register() that clears a field's error as soon as it is edited (SPEC 4). */
export function registerClearing<T extends FieldValues>(form: UseFormReturn<T>) {
  return (name: Path<T>) => form.register(name, { onChange: () => form.clearErrors(name) });
}

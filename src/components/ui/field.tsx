import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/** The ids a control's hint and error message get, so the control can point screen readers at them. */
export const hintId = (id: string) => `${id}-hint`;
export const errorId = (id: string) => `${id}-error`;

/**
 * A labelled control with its hint or error underneath; the control itself carries `id` and its aria wiring.
 * Forms built with react-hook-form use FormField (form.tsx), which wires both from the field's name.
 */
export function Field({
  id,
  label,
  error,
  hint,
  required,
  hideLabel,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  /** The label stays for screen readers only, where a row of the same inputs needs no visible one. */
  hideLabel?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("space-y-1.5", className)}>
      <label htmlFor={id} className={cn("block text-sm font-medium text-gray-700", hideLabel && "sr-only")}>
        {label}
        {required && <span className="ml-0.5 text-red-600">*</span>}
      </label>
      {children}
      {hint && !error && (
        <p id={hintId(id)} className="text-xs text-gray-500">
          {hint}
        </p>
      )}
      {error && <FieldError id={errorId(id)}>{error}</FieldError>}
    </div>
  );
}

/** An error message under a field or a group; `role="alert"` so it is read out when it appears. */
export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="text-sm text-red-600">
      {children}
    </p>
  );
}

"use client";

import { cloneElement, type FormHTMLAttributes, type ReactElement, type ReactNode } from "react";
import {
  FormProvider,
  get,
  useController,
  useFormContext,
  useFormState,
  type ControllerRenderProps,
  type FieldError as HookFormError,
  type FieldPath,
  type FieldValues,
  type SubmitHandler,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from "react-hook-form";
import { Button, type ButtonProps } from "~/components/ui/button";
import { errorId, Field, FieldError, hintId } from "~/components/ui/field";
import { cn } from "~/lib/cn";

// The forms kit: a <Form> gives its fields the react-hook-form context, and each field is bound by its name alone:
// label, id, default value, aria wiring, hint and error all follow from it.

/** A react-hook-form form as a <form> element; the fields inside find its values and errors through the context. */
export function Form<T extends FieldValues, TContext, TOut>({
  form,
  onSubmit,
  children,
  ...props
}: Omit<FormHTMLAttributes<HTMLFormElement>, "onSubmit"> & {
  form: UseFormReturn<T, TContext, TOut>;
  onSubmit: SubmitHandler<TOut>;
}) {
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} {...props}>
        {children}
      </form>
    </FormProvider>
  );
}

/** What makes a control findable by its label and tells screen readers whether it is invalid and why. */
export type ControlProps = { id: string; "aria-invalid"?: true; "aria-describedby"?: string };

/** A registered control: react-hook-form's handlers plus the server-rendered default and the aria wiring. */
export type BoundControl = ControlProps &
  UseFormRegisterReturn & { defaultValue?: string | number; defaultChecked?: boolean };

/**
 * The control's id and aria wiring: invalid while it has an error, and described by that error or, without one, by
 * its hint. A checkbox keeps its hint shown under an error, so it keeps it in its description too.
 */
function controlProps(
  id: string,
  { error, hasHint, keepsHint = false }: { error?: string; hasHint: boolean; keepsHint?: boolean },
): ControlProps {
  const hint = hasHint && (keepsHint || !error) ? hintId(id) : "";
  const describedBy = [hint, error ? errorId(id) : ""].filter(Boolean).join(" ");
  return { id, ...(error && { "aria-invalid": true }), ...(describedBy && { "aria-describedby": describedBy }) };
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

type Binding<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>> = {
  name: N;
  /** The control's id; the name unless the page needs another (two forms with a field of the same name). */
  id?: string;
  /** Fields whose errors depend on this one: editing it clears theirs with its own. */
  clears?: FieldPath<T>[];
};

/** The field's error message, re-rendered when it changes. */
function useFieldError<T extends FieldValues>(name: FieldPath<T>): string | undefined {
  const { control } = useFormContext<T>();
  const { errors } = useFormState({ control, name });
  const error = get(errors, name) as (HookFormError & { root?: HookFormError }) | undefined;
  return error?.message ?? error?.root?.message;
}

/** register() with the server-rendered default; editing the field clears its error, a stale one reads as new. */
function useRegistration<T extends FieldValues>({ name, clears }: Binding<T>) {
  const form = useFormContext<T>();
  return {
    ...form.register(name, { onChange: () => form.clearErrors(clears ? [name, ...clears] : name) }),
    ...defaultProps(get(form.formState.defaultValues, name)),
  };
}

type FieldProps<T extends FieldValues, N extends FieldPath<T>> = Binding<T, N> & {
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  hideLabel?: boolean;
  className?: string;
};

type ControlSource<T extends FieldValues, N extends FieldPath<T>> =
  | {
      /** The control (Input, Select, Textarea, PasswordInput), or a function placing it in a layout of its own. */
      children: ReactElement<object> | ((control: BoundControl) => ReactNode);
      render?: never;
    }
  | {
      /** A controlled control, for a value shown differently from how it is kept (a date on the store's clock). */
      render(control: ControlProps & ControllerRenderProps<T, N>): ReactNode;
      children?: never;
    };

export type FormFieldProps<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>> = FieldProps<T, N> &
  ControlSource<T, N>;

/** A labelled control bound to the form field `name`, with its hint or error underneath. */
export function FormField<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>>({
  label,
  hint,
  required,
  hideLabel,
  className,
  children,
  render,
  ...binding
}: FormFieldProps<T, N>) {
  const id = binding.id ?? binding.name;
  const error = useFieldError<T>(binding.name);
  const aria = controlProps(id, { error, hasHint: Boolean(hint) });
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      required={required}
      error={error}
      hideLabel={hideLabel}
      className={className}
    >
      {render ? (
        <ControlledControl binding={binding} aria={aria} render={render} />
      ) : (
        <RegisteredControl binding={binding} aria={aria}>
          {children}
        </RegisteredControl>
      )}
    </Field>
  );
}

function RegisteredControl<T extends FieldValues>({
  binding,
  aria,
  children,
}: {
  binding: Binding<T>;
  aria: ControlProps;
  children: ReactElement<object> | ((control: BoundControl) => ReactNode);
}) {
  const control = { ...useRegistration(binding), ...aria };
  return typeof children === "function" ? children(control) : cloneElement(children, control);
}

function ControlledControl<T extends FieldValues, N extends FieldPath<T>>({
  binding: { name, clears },
  aria,
  render,
}: {
  binding: Binding<T, N>;
  aria: ControlProps;
  render(control: ControlProps & ControllerRenderProps<T, N>): ReactNode;
}) {
  const form = useFormContext<T>();
  const { field } = useController({ control: form.control, name });
  return render({
    ...field,
    ...aria,
    onChange: (...event: unknown[]) => {
      form.clearErrors(clears ? [name, ...clears] : name);
      field.onChange(...event);
    },
  });
}

/** A checkbox with its label beside it, an optional hint under it, and its error. */
export function CheckboxField<T extends FieldValues>({
  label,
  hint,
  boxed,
  className,
  ...binding
}: Binding<T> & {
  label: ReactNode;
  hint?: ReactNode;
  /** Drawn as a bordered row, for an option that opens or closes a part of the form. */
  boxed?: boolean;
  className?: string;
}) {
  const id = binding.id ?? binding.name;
  const error = useFieldError<T>(binding.name);
  const registration = useRegistration(binding);
  return (
    <div className="space-y-1">
      <label
        className={cn(
          "flex items-center gap-3 text-sm text-gray-900",
          boxed && "rounded-lg border border-gray-200 p-3 font-medium",
          className,
        )}
      >
        <input
          type="checkbox"
          className="accent-brand-600 size-4 shrink-0"
          {...registration}
          {...controlProps(id, { error, hasHint: Boolean(hint), keepsHint: true })}
        />
        {label}
      </label>
      {hint && (
        <p id={hintId(id)} className="pl-7 text-xs text-gray-600">
          {hint}
        </p>
      )}
      {error && <FieldError id={errorId(id)}>{error}</FieldError>}
    </div>
  );
}

type RadioOption = readonly [value: string | boolean, label: ReactNode];

/**
 * One choice of a few, as radio buttons under a legend; `children` are the fields that depend on the choice. The
 * group's error comes last, under them.
 */
export function RadioGroupField<T extends FieldValues>({
  name,
  legend,
  options,
  children,
}: {
  name: FieldPath<T>;
  legend: ReactNode;
  options: readonly RadioOption[];
  children?: ReactNode;
}) {
  const error = useFieldError<T>(name);
  return (
    <fieldset className="space-y-3" aria-describedby={error ? errorId(name) : undefined}>
      <legend className="text-sm font-medium text-gray-700">{legend}</legend>
      <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
        {options.some(([value]) => typeof value === "boolean") ? (
          <BooleanRadios<T> name={name} options={options} />
        ) : (
          <Radios<T> name={name} options={options} />
        )}
      </div>
      {children}
      {error && <FieldError id={errorId(name)}>{error}</FieldError>}
    </fieldset>
  );
}

const radioClasses = "size-4 border-gray-300 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600";

function RadioLabel({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <label className="flex items-center gap-2 text-sm text-gray-900">
      {children}
      {label}
    </label>
  );
}

/** String choices, registered: the default one is checked in the server-rendered HTML. */
function Radios<T extends FieldValues>({ name, options }: { name: FieldPath<T>; options: readonly RadioOption[] }) {
  const form = useFormContext<T>();
  const registration = form.register(name, { onChange: () => form.clearErrors(name) });
  const defaultValue: unknown = get(form.formState.defaultValues, name);
  return options.map(([value, label]) => (
    <RadioLabel key={String(value)} label={label}>
      <input
        type="radio"
        className={radioClasses}
        {...registration}
        value={String(value)}
        defaultChecked={defaultValue === value}
      />
    </RadioLabel>
  ));
}

/** Yes/no choices: a radio's value is text, so the boolean is kept by a controller. */
function BooleanRadios<T extends FieldValues>({
  name,
  options,
}: {
  name: FieldPath<T>;
  options: readonly RadioOption[];
}) {
  const form = useFormContext<T>();
  const { field } = useController({ control: form.control, name });
  return options.map(([value, label]) => (
    <RadioLabel key={String(value)} label={label}>
      <input
        type="radio"
        name={field.name}
        className={radioClasses}
        checked={field.value === value}
        onBlur={field.onBlur}
        onChange={() => {
          form.clearErrors(name);
          field.onChange(value);
        }}
      />
    </RadioLabel>
  ));
}

/** The error of a field shown by controls of its own (a list's message, or its first item's). */
export function FormMessage<T extends FieldValues>({ name }: { name: FieldPath<T> }) {
  const error = useFieldError<T>(name);
  return error ? <FieldError id={errorId(name)}>{error}</FieldError> : null;
}

/** The form's submit button, showing `busyLabel` and disabled while the form submits or `isBusy` holds. */
export function SubmitButton({
  busyLabel,
  isBusy = false,
  children,
  ...props
}: Omit<ButtonProps, "type"> & { busyLabel: ReactNode; isBusy?: boolean }) {
  const { isSubmitting } = useFormState();
  const busy = isSubmitting || isBusy;
  return (
    <Button type="submit" disabled={busy} {...props}>
      {busy ? busyLabel : children}
    </Button>
  );
}

/** Puts a failed save's field errors (keyed by field name, as the server sends them) under their fields. */
export function setFieldErrors<T extends FieldValues, TContext, TOut>(
  form: UseFormReturn<T, TContext, TOut>,
  fieldErrors: Record<string, string[]>,
) {
  const values: object = form.getValues();
  for (const [name, [message]] of Object.entries(fieldErrors)) {
    if (message && name in values) form.setError(name as FieldPath<T>, { message });
  }
}

/**
 * The bound fields with their names typed by one form's values, so a misspelt or stale name fails to compile:
 * `const { FormField, CheckboxField } = fieldsFor<PaymentButtonInput>();`
 */
export function fieldsFor<T extends FieldValues>() {
  return {
    // Generic in the name too, so a controlled field's value has that field's type.
    FormField: FormField as <N extends FieldPath<T>>(props: FormFieldProps<T, N>) => ReactNode,
    CheckboxField: CheckboxField<T>,
    RadioGroupField: RadioGroupField<T>,
    FormMessage: FormMessage<T>,
  };
}

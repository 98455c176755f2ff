"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Mail } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { Button, type ButtonSize, type ButtonVariant } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { SALES_EMAIL } from "./content";
import {
  buildSalesMailto,
  contactSalesSchema,
  DEFAULT_SALES_TOPIC,
  type ContactSalesInput,
  type ContactSalesValues,
} from "./contact-sales";

const emptyEnquiry: ContactSalesInput = { name: "", email: "", company: "", message: "" };

/**
 * A "Contact Sales" button and its form: the landing page's (about a custom plan or one of the plans) and Store
 * Settings' (changing plan). There is no sales inbox API: submitting opens the visitor's own e-mail app with the
 * enquiry prefilled, and the dialog says that nothing is sent until they send it there.
 */
export function ContactSalesDialog({
  className,
  label = "Contact Sales",
  title = "Contact sales",
  topic = DEFAULT_SALES_TOPIC,
  intro = "Tell us about your store and what you need from Popkit.",
  defaultValues,
  variant = "secondary",
  size = "lg",
}: {
  className?: string;
  /** The button's text (and accessible name). */
  label?: string;
  title?: string;
  /** What the e-mail's subject says the enquiry is about, e.g. "Pro plan". */
  topic?: string;
  intro?: ReactNode;
  /** Known details (a signed-in seller's e-mail and store), so they need not be typed again. */
  defaultValues?: Partial<ContactSalesInput>;
  variant?: ButtonVariant;
  size?: ButtonSize;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const [mailtoHref, setMailtoHref] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm<ContactSalesInput, unknown, ContactSalesValues>({
    resolver: zodResolver(contactSalesSchema),
    defaultValues: { ...emptyEnquiry, ...defaultValues },
    // Errors are re-checked on the next submit; editing a field just clears its own error.
    reValidateMode: "onSubmit",
  });

  const openDialog = () => {
    setMailtoHref(null);
    setIsOpen(true);
  };
  const closeDialog = () => setIsOpen(false);

  const onSubmit = (values: ContactSalesValues) => {
    const href = buildSalesMailto(values, topic);
    setMailtoHref(href);
    window.location.assign(href);
  };

  const fieldProps = (name: keyof ContactSalesInput) => ({
    id: `contact-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `contact-${name}-error` : undefined,
    ...register(name, { onChange: () => clearErrors(name) }),
  });

  return (
    <>
      <Button variant={variant} size={size} className={className} aria-haspopup="dialog" onClick={openDialog}>
        {label}
      </Button>
      <Dialog
        open={isOpen}
        onClose={closeDialog}
        title={title}
        description={
          <>
            {intro} Submitting opens your e-mail app with a message to {SALES_EMAIL}; nothing is sent until you send it
            from there.
          </>
        }
      >
        <form className="space-y-4" noValidate onSubmit={handleSubmit(onSubmit)}>
          <Field id="contact-name" label="Name" required error={errors.name?.message}>
            <Input autoComplete="name" {...fieldProps("name")} />
          </Field>
          <Field id="contact-email" label="E-mail" required error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...fieldProps("email")} />
          </Field>
          <Field id="contact-company" label="Company" error={errors.company?.message}>
            <Input autoComplete="organization" {...fieldProps("company")} />
          </Field>
          <Field id="contact-message" label="Message" required error={errors.message?.message}>
            <Textarea rows={5} {...fieldProps("message")} />
          </Field>

          {mailtoHref && (
            <div role="status" className="rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-800">
              Your e-mail app should now show a message to {SALES_EMAIL} with these details. Send it from there and our
              sales team will reply by e-mail. Nothing opened?{" "}
              <a href={mailtoHref} className="font-medium underline">
                Open the e-mail again
              </a>{" "}
              or write to {SALES_EMAIL} directly.
            </div>
          )}

          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={closeDialog}>
              Cancel
            </Button>
            <Button type="submit">
              <Mail className="size-4" aria-hidden />
              Open in e-mail app
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

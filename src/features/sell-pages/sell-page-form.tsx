"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { TRPCClientError } from "@trpc/client";
import { FileText, Plus, X } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch, type FieldPath, type UseFormReturn } from "react-hook-form";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field, invalidProps, registerClearing, registerField } from "~/components/ui/field";
import { FormSection } from "~/components/ui/form-section";
import { Input, Textarea } from "~/components/ui/input";
import { toast } from "~/components/ui/toast";
import { formatFileSize } from "~/lib/file-types";
import {
  CurrencyField,
  PayPalClientIdField,
  RedirectUrlFields,
  type StoreConnection,
} from "~/features/payment-buttons/checkout-settings-fields";
import { SellPagePreviewDialog } from "~/features/sell-pages/sell-page-preview-dialog";
import { UploadField, type UploadedFile } from "~/features/uploads/upload-field";
import { MAX_FEATURES, sellPageSchema, type SellPageInput } from "~/schemas/sell-pages";
import { api, fieldErrorsOf, userMessageOf } from "~/trpc/react";

type FieldName = FieldPath<SellPageInput>;
type FileField = "productImageId" | "merchantLogoId" | "downloadableFileId";

/** A file in one of the page's slots; `isSaved` when the saved page already uses it (edit screen). */
export type SlotFile = { fileId: string; name: string; size: number; url: string | null; isSaved: boolean };
export type SlotFiles = Record<FileField, SlotFile | null>;

const topLevelFields = new Set<string>(Object.keys(sellPageSchema.shape));

const slots: {
  field: FileField;
  label: string;
  endpoint: "productImage" | "merchantLogo" | "downloadableFile";
  hint: string;
}[] = [
  {
    field: "productImageId",
    label: "Product Image",
    endpoint: "productImage",
    hint: "PNG, JPG, GIF or WebP, up to 2MB.",
  },
  {
    field: "merchantLogoId",
    label: "Merchant Logo",
    endpoint: "merchantLogo",
    hint: "PNG, JPG, GIF or WebP, up to 2MB.",
  },
  {
    field: "downloadableFileId",
    label: "Downloadable File",
    endpoint: "downloadableFile",
    hint: "PDF, DOC(X), XLS(X), PPT(X), MP3, MP4, ZIP or EPUB, up to 10MB. Kept private: buyers get it only after paying.",
  },
];

/** SPEC 2.9 / 2.10: the digital sell page form shared by the create and edit screens. */
export function SellPageForm({
  initialValues,
  initialFiles,
  store,
  labels,
  failureMessage,
  uploadsDeletedOnFailure = false,
  soldCounts,
  onSave,
}: {
  initialValues: SellPageInput;
  initialFiles: SlotFiles;
  store: StoreConnection;
  labels: { submit: string; submitting: string };
  /** The red-box text when the save fails for a reason the server does not explain. */
  failureMessage: string;
  /** Create: a save that fails midway deletes the new uploads too (the server leaves nothing behind). */
  uploadsDeletedOnFailure?: boolean;
  /** Edit: units each bundle has sold, which its stock cannot go below. */
  soldCounts?: Record<"basic" | "premium", number>;
  /** Resolves once saved (the caller then navigates away); throws the tRPC error otherwise. */
  onSave(values: SellPageInput): Promise<void>;
}) {
  const utils = api.useUtils();
  const discard = api.pages.sellPages.discardUpload.useMutation();
  const [files, setFiles] = useState<SlotFiles>(initialFiles);
  const [fileErrors, setFileErrors] = useState<Partial<Record<FileField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSaved, setIsSaved] = useState(false);
  const [isPreviewOpen, setIsPreviewOpen] = useState(false);
  const form = useForm<SellPageInput>({
    resolver: zodResolver(sellPageSchema),
    defaultValues: initialValues,
    reValidateMode: "onSubmit",
  });
  const { errors, isSubmitting } = form.formState;
  const isSaving = isSubmitting || isSaved;

  const register = registerClearing(form);

  const premiumEnabled = useWatch({ control: form.control, name: "premiumEnabled" });
  const currency = useWatch({ control: form.control, name: "currency" });
  const clientId = useWatch({ control: form.control, name: "paypalClientId" }).trim();

  /** Puts a file in a slot; an unsaved upload it replaces is deleted, a saved one only when the page is saved. */
  function setSlot(field: FileField, file: SlotFile | null) {
    const previous = files[field];
    if (previous && !previous.isSaved && previous.fileId !== file?.fileId) {
      discard.mutate({ fileId: previous.fileId });
    }
    setFiles((current) => ({ ...current, [field]: file }));
    setFileErrors((current) => ({ ...current, [field]: undefined }));
    form.setValue(field, file?.fileId ?? null);
  }

  async function onUploaded(field: FileField, upload: UploadedFile) {
    const described = await utils.pages.sellPages.uploadedFile.fetch({ fileId: upload.fileId });
    setSlot(field, { ...described, isSaved: false });
  }

  function openPreview() {
    void form.trigger().then((isValid) => setIsPreviewOpen(isValid));
  }

  async function onSubmit(values: SellPageInput) {
    setFormError(null);
    try {
      await onSave(values);
      setIsSaved(true);
    } catch (error) {
      toast.error(failureMessage);
      const fieldErrors = fieldErrorsOf(error);
      for (const [field, messages] of Object.entries(fieldErrors)) {
        const slot = slots.find((candidate) => candidate.field === field);
        if (slot) {
          // The server no longer has that upload: empty the slot so the merchant uploads it again.
          setFiles((current) => ({ ...current, [slot.field]: null }));
          form.setValue(slot.field, null);
          setFileErrors((current) => ({ ...current, [slot.field]: messages[0] }));
        } else if (topLevelFields.has(field)) {
          form.setError(field as FieldName, { message: messages[0] });
        }
      }
      const code = error instanceof TRPCClientError ? (error.data as { code?: string } | undefined)?.code : undefined;
      if (code !== "INTERNAL_SERVER_ERROR") {
        setFormError(userMessageOf(error, failureMessage));
      } else if (uploadsDeletedOnFailure && slots.some((slot) => files[slot.field] && !files[slot.field]?.isSaved)) {
        // A create that failed midway deleted its uploads with everything else: the slots must not keep them.
        for (const slot of slots) {
          if (files[slot.field]?.isSaved) continue;
          form.setValue(slot.field, null);
        }
        setFiles((current) => ({
          productImageId: current.productImageId?.isSaved ? current.productImageId : null,
          merchantLogoId: current.merchantLogoId?.isSaved ? current.merchantLogoId : null,
          downloadableFileId: current.downloadableFileId?.isSaved ? current.downloadableFileId : null,
        }));
        setFormError(`${failureMessage} Please upload your files again.`);
      } else {
        setFormError(failureMessage);
      }
    }
  }

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-6">
      <FormSection title="Basic Information">
        <Field id="name" label="Product Name" required error={errors.name?.message}>
          <Input
            id="name"
            placeholder="e.g. The Complete Guide"
            {...invalidProps(errors.name, "name")}
            {...register("name")}
          />
        </Field>
        <Field id="description" label="Product Description" required error={errors.description?.message}>
          <Textarea
            id="description"
            rows={4}
            placeholder="What the buyer gets and why it helps"
            {...invalidProps(errors.description, "description")}
            {...register("description")}
          />
        </Field>
      </FormSection>

      <FormSection title="Media & Files">
        {slots.map((slot) => {
          const file = files[slot.field];
          const isImage = slot.endpoint !== "downloadableFile";
          return (
            <div key={slot.field} className="space-y-1">
              <UploadField
                id={slot.field}
                label={slot.label}
                endpoint={slot.endpoint}
                hint={slot.hint}
                preview={
                  !file ? null : isImage && file.url ? (
                    // eslint-disable-next-line @next/next/no-img-element -- uploads live on the storage host
                    <img
                      src={file.url}
                      alt={`${slot.label} preview`}
                      className="h-16 w-16 rounded-lg border border-gray-200 object-cover"
                    />
                  ) : (
                    <span className="inline-flex items-center gap-2 rounded-lg border border-gray-200 px-3 py-2 text-sm text-gray-700">
                      <FileText aria-hidden className="size-4 text-gray-600" />
                      <span className="break-all">{file.name}</span>
                      <span className="text-gray-600">({formatFileSize(file.size)})</span>
                    </span>
                  )
                }
                onUploaded={(upload) => onUploaded(slot.field, upload)}
                onRemove={() => setSlot(slot.field, null)}
              />
              {fileErrors[slot.field] && (
                <p role="alert" className="text-sm text-red-600">
                  {fileErrors[slot.field]}
                </p>
              )}
            </div>
          );
        })}
      </FormSection>

      <FormSection title="Bundle Configuration" description="A basic bundle, and optionally a premium one.">
        <BundleFields form={form} tier="basic" title="Basic Bundle" register={register} sold={soldCounts?.basic} />
        <label className="flex items-center gap-3 rounded-lg border border-gray-200 p-3 text-sm font-medium text-gray-900">
          <input
            type="checkbox"
            className="accent-brand-600 size-4"
            {...registerField(form, "premiumEnabled", {
              onChange: () =>
                form.clearErrors([
                  "premiumName",
                  "premiumPrice",
                  "premiumOriginalPrice",
                  "premiumFeatures",
                  "premiumMinimumPrice",
                  "premiumStockLimit",
                ]),
            })}
          />
          Enable Premium Bundle
        </label>
        {premiumEnabled && (
          <BundleFields
            form={form}
            tier="premium"
            title="Premium Bundle"
            register={register}
            sold={soldCounts?.premium}
          />
        )}
        {currency === "JPY" && <p className="text-xs text-gray-600">JPY prices are whole numbers.</p>}
      </FormSection>

      <FormSection
        title="Social Proof & Guarantee"
        description="Optional, and shown only when filled in. Use real reviews and a guarantee you will honour: buyers may hold you to it."
      >
        <Field
          id="testimonialQuote"
          label="Testimonial"
          error={errors.testimonialQuote?.message}
          hint="A customer's words, quoted with their permission."
        >
          <Textarea
            id="testimonialQuote"
            rows={3}
            {...invalidProps(errors.testimonialQuote, "testimonialQuote")}
            {...register("testimonialQuote")}
          />
        </Field>
        <Field
          id="testimonialAuthor"
          label="Testimonial Author"
          error={errors.testimonialAuthor?.message}
          hint="How they agreed to be named, e.g. Maria K., knitting teacher."
        >
          <Input
            id="testimonialAuthor"
            {...invalidProps(errors.testimonialAuthor, "testimonialAuthor")}
            {...register("testimonialAuthor")}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="rating" label="Average Rating (1-5)" error={errors.rating?.message} hint="e.g. 4.5">
            <Input
              id="rating"
              type="number"
              inputMode="decimal"
              min={1}
              max={5}
              step={0.1}
              {...invalidProps(errors.rating, "rating")}
              {...register("rating")}
            />
          </Field>
          <Field
            id="ratingCount"
            label="Number of Ratings"
            error={errors.ratingCount?.message}
            hint="How many ratings the average is from."
          >
            <Input
              id="ratingCount"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              {...invalidProps(errors.ratingCount, "ratingCount")}
              {...register("ratingCount")}
            />
          </Field>
        </div>
        <Field
          id="guarantee"
          label="Guarantee"
          error={errors.guarantee?.message}
          hint="Shown as you write it, e.g. 30-day money-back guarantee: write to us for a full refund."
        >
          <Textarea
            id="guarantee"
            rows={2}
            {...invalidProps(errors.guarantee, "guarantee")}
            {...register("guarantee")}
          />
        </Field>
      </FormSection>

      <FormSection title="Provider Configuration">
        <PayPalClientIdField
          store={store}
          clientId={clientId}
          error={errors.paypalClientId?.message}
          registration={register("paypalClientId")}
        />
        <CurrencyField error={errors.currency?.message} registration={register("currency")} />
      </FormSection>

      <FormSection
        title="URLs"
        description="Optional. Without a downloadable file, buyers go to the success URL after paying; cancelling goes to the cancel URL."
      >
        <RedirectUrlFields errors={errors} register={register} />
      </FormSection>

      {formError && <Alert>{formError}</Alert>}

      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={openPreview}>
          Preview Page
        </Button>
        <Button type="submit" disabled={isSaving}>
          {isSaving ? labels.submitting : labels.submit}
        </Button>
      </div>

      {isPreviewOpen && (
        <SellPagePreviewDialog
          open
          onClose={() => setIsPreviewOpen(false)}
          values={form.getValues()}
          context={{
            imageUrl: files.productImageId?.url ?? null,
            logoUrl: files.merchantLogoId?.url ?? null,
            hasDownload: files.downloadableFileId !== null,
            soldCounts,
          }}
        />
      )}
    </form>
  );
}

type Register = (name: FieldName) => ReturnType<UseFormReturn<SellPageInput>["register"]>;

/** One bundle's name, prices and feature lines; the premium one has the same fields under its own names. */
function BundleFields({
  form,
  tier,
  title,
  register,
  sold,
}: {
  form: UseFormReturn<SellPageInput>;
  tier: "basic" | "premium";
  title: string;
  register: Register;
  /** Units sold so far (edit screen). */
  sold?: number;
}) {
  const label = tier === "basic" ? "Basic" : "Premium";
  const names = {
    name: `${tier}Name`,
    price: `${tier}Price`,
    original: `${tier}OriginalPrice`,
    features: `${tier}Features`,
    payWhatYouWant: `${tier}PayWhatYouWant`,
    minimum: `${tier}MinimumPrice`,
    stock: `${tier}StockLimit`,
  } as const;
  const { errors } = form.formState;
  const features = useWatch({ control: form.control, name: names.features });
  const isPayWhatYouWant = useWatch({ control: form.control, name: names.payWhatYouWant });
  const isYen = useWatch({ control: form.control, name: "currency" }) === "JPY";

  const setFeatures = (lines: string[]) => {
    form.setValue(names.features, lines);
    form.clearErrors(names.features);
  };

  return (
    <fieldset className="space-y-4 rounded-lg border border-gray-200 p-4">
      <legend className="px-1 text-sm font-semibold text-gray-900">{title}</legend>
      <Field id={names.name} label={`${label} Bundle Name`} required error={errors[names.name]?.message}>
        <Input id={names.name} {...invalidProps(errors[names.name], names.name)} {...register(names.name)} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={names.price}
          label={`${label} Price`}
          required
          error={errors[names.price]?.message}
          hint={isPayWhatYouWant ? "The suggested price buyers see." : undefined}
        >
          <Input
            id={names.price}
            type="number"
            inputMode="decimal"
            min={isYen ? 1 : 0.01}
            step={isYen ? 1 : 0.01}
            {...invalidProps(errors[names.price], names.price)}
            {...register(names.price)}
          />
        </Field>
        <Field
          id={names.original}
          label={`${label} Original Price`}
          required
          error={errors[names.original]?.message}
          hint="Shown struck through, with the discount, when higher than the price."
        >
          <Input
            id={names.original}
            type="number"
            inputMode="decimal"
            min={isYen ? 1 : 0.01}
            step={isYen ? 1 : 0.01}
            {...invalidProps(errors[names.original], names.original)}
            {...register(names.original)}
          />
        </Field>
      </div>
      <div className="space-y-1">
        <label className="flex items-center gap-3 text-sm font-medium text-gray-900">
          <input
            type="checkbox"
            className="accent-brand-600 size-4"
            aria-describedby={`${names.payWhatYouWant}-hint`}
            {...registerField(form, names.payWhatYouWant, {
              onChange: () => form.clearErrors([names.minimum, names.price]),
            })}
          />
          {label}: Pay what you want
        </label>
        <p id={`${names.payWhatYouWant}-hint`} className="pl-7 text-xs text-gray-600">
          Buyers choose what to pay, at least your minimum; the price above is the suggestion.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {isPayWhatYouWant && (
          <Field id={names.minimum} label={`${label} Minimum Price`} required error={errors[names.minimum]?.message}>
            <Input
              id={names.minimum}
              type="number"
              inputMode="decimal"
              min={isYen ? 1 : 0.01}
              step={isYen ? 1 : 0.01}
              {...invalidProps(errors[names.minimum], names.minimum)}
              {...register(names.minimum)}
            />
          </Field>
        )}
        <Field
          id={names.stock}
          label={`${label} Stock Limit`}
          error={errors[names.stock]?.message}
          hint={`Copies for sale in all, sold ones included; empty for unlimited.${
            sold ? ` ${sold.toLocaleString("en-US")} sold so far.` : ""
          }`}
        >
          <Input
            id={names.stock}
            type="number"
            inputMode="numeric"
            min={Math.max(1, sold ?? 0)}
            step={1}
            {...invalidProps(errors[names.stock], names.stock)}
            {...register(names.stock)}
          />
        </Field>
      </div>
      <div className="space-y-2">
        <p className="text-sm font-medium text-gray-700">{label} Features</p>
        {features.map((_, index) => (
          <div key={index} className="flex items-center gap-2">
            <Input
              aria-label={`${label} feature ${index + 1}`}
              placeholder="e.g. 120-page PDF guide"
              {...register(`${names.features}.${index}`)}
            />
            {features.length > 1 && (
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${label} feature ${index + 1}`}
                onClick={() => setFeatures(form.getValues(names.features).filter((__, i) => i !== index))}
              >
                <X aria-hidden className="size-4" />
              </Button>
            )}
          </div>
        ))}
        {errors[names.features]?.message && (
          <p role="alert" className="text-sm text-red-600">
            {errors[names.features]?.message}
          </p>
        )}
        {features.length < MAX_FEATURES && (
          <Button variant="secondary" size="sm" onClick={() => setFeatures([...form.getValues(names.features), ""])}>
            <Plus aria-hidden className="size-4" />
            Add {label} Feature
          </Button>
        )}
        <p className="text-xs text-gray-600">Empty lines are left out when you save.</p>
      </div>
    </fieldset>
  );
}

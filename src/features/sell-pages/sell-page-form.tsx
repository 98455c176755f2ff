"use client";

import { TRPCClientError } from "@trpc/client";
import { FileText, Plus, X } from "lucide-react";
import { useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field";
import { fieldsFor, Form, setFieldErrors } from "~/components/ui/form";
import { FormSection } from "~/components/ui/form-section";
import { OfferFields } from "~/features/payment-buttons/offer-fields";
import { Input, MoneyInput, Textarea } from "~/components/ui/input";
import { formatFileSize } from "~/lib/file-types";
import * as PopFields from "~/features/payment-buttons/checkout-settings-fields";
import { SellPagePreviewDialog } from "~/features/sell-pages/sell-page-preview-dialog";
import { UploadField, type UploadedFile } from "~/components/upload-field";
import { MAX_FEATURES, sellPageSchema, type SellPageInput } from "~/schemas/sell-pages";
import { api, fieldErrorsOf, userMessageOf } from "~/trpc/react";

const { FormField, CheckboxField, FormMessage } = fieldsFor<SellPageInput>();

type FileField = "productImageId" | "merchantLogoId" | "downloadableFileId";

/** A file in one of the page's slots; `isSaved` when the saved page already uses it (edit screen). */
export type SlotFile = { fileId: string; name: string; size: number; url: string | null; isSaved: boolean };
export type SlotFiles = Record<FileField, SlotFile | null>;

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

/** The digital sell page form shared by the create and edit screens. */
export function SellPageForm({
  initialValues,
  initialFiles,
  store,
  labels,
  failureMessage,
  uploadsDeletedOnFailure = false,
  soldCounts,
  pageId,
  onSave,
}: {
  initialValues: SellPageInput;
  initialFiles: SlotFiles;
  store: PopFields.StoreConnection;
  labels: { submit: string; submitting: string };
  /** The red-box text when the save fails for a reason the server does not explain. */
  failureMessage: string;
  /** Create: a save that fails midway deletes the new uploads too (the server leaves nothing behind). */
  uploadsDeletedOnFailure?: boolean;
  /** Edit: units each bundle has sold, which its stock cannot go below. */
  soldCounts?: Record<"basic" | "premium", number>;
  /** Edit: the page's id, whose own bundles it cannot offer. */
  pageId?: string;
  /** Resolves once saved (the caller then navigates away); throws the tRPC error otherwise. */
  onSave(values: SellPageInput): Promise<void>;
}) {
  const utils = api.useUtils();
  const discard = api.pages.sellPages.discardUpload.useMutation();
  const [files, setFiles] = useState<SlotFiles>(initialFiles);
  const [fileErrors, setFileErrors] = useState<Partial<Record<FileField, string>>>({});
  const [isPreviewOpen, setIsPreviewOpen] = useState(false);
  const { form, onSubmit, status } = PopFields.usePopForm(sellPageSchema, {
    initialValues,
    onSave,
    failureMessage,
    explainFailure,
  });
  const [premiumEnabled, currency] = useWatch({ control: form.control, name: ["premiumEnabled", "currency"] });

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

  /** Upload slots the server rejected are emptied with their message; a create that failed midway empties new ones. */
  function explainFailure(error: unknown) {
    const { productImageId, merchantLogoId, downloadableFileId, ...fieldErrors } = fieldErrorsOf(error);
    const slotErrors = { productImageId, merchantLogoId, downloadableFileId };
    for (const slot of slots) {
      const message = slotErrors[slot.field]?.[0];
      if (!message) continue;
      // The server no longer has that upload: empty the slot so the merchant uploads it again.
      setFiles((current) => ({ ...current, [slot.field]: null }));
      form.setValue(slot.field, null);
      setFileErrors((current) => ({ ...current, [slot.field]: message }));
    }
    setFieldErrors(form, fieldErrors);
    const code = error instanceof TRPCClientError ? (error.data as { code?: string } | undefined)?.code : undefined;
    if (code !== "INTERNAL_SERVER_ERROR") return userMessageOf(error, failureMessage);
    if (!uploadsDeletedOnFailure || !slots.some((slot) => files[slot.field] && !files[slot.field]?.isSaved)) {
      return failureMessage;
    }
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
    return `${failureMessage} Please upload your files again.`;
  }

  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-6">
      <FormSection title="Basic Information">
        <FormField name="name" label="Product Name" required>
          <Input placeholder="e.g. The Complete Guide" />
        </FormField>
        <FormField name="description" label="Product Description" required>
          <Textarea rows={4} placeholder="What the buyer gets and why it helps" />
        </FormField>
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
              {fileErrors[slot.field] && <FieldError>{fileErrors[slot.field]}</FieldError>}
            </div>
          );
        })}
      </FormSection>

      <FormSection title="Bundle Configuration" description="A basic bundle, and optionally a premium one.">
        <BundleFields tier="basic" title="Basic Bundle" sold={soldCounts?.basic} />
        <CheckboxField
          name="premiumEnabled"
          label="Enable Premium Bundle"
          boxed
          clears={[
            "premiumName",
            "premiumPrice",
            "premiumOriginalPrice",
            "premiumFeatures",
            "premiumMinimumPrice",
            "premiumStockLimit",
          ]}
        />
        {premiumEnabled && <BundleFields tier="premium" title="Premium Bundle" sold={soldCounts?.premium} />}
        {currency === "JPY" && <p className="text-xs text-gray-600">JPY prices are whole numbers.</p>}
        <CheckboxField
          name="ships"
          label="This ships"
          hint="Something physical comes with it: PayPal asks the buyer for a shipping address from their PayPal account."
        />
        <CheckboxField
          name="taxIncluded"
          label="Prices include tax"
          hint="Sales tax for the buyer's address is taken out of the bundle prices instead of added to them."
        />
      </FormSection>

      <FormSection
        title="Social Proof & Guarantee"
        description="Optional, and shown only when filled in. Use real reviews and a guarantee you will honour: buyers may hold you to it."
      >
        <FormField name="testimonialQuote" label="Testimonial" hint="A customer's words, quoted with their permission.">
          <Textarea rows={3} />
        </FormField>
        <FormField
          name="testimonialAuthor"
          label="Testimonial Author"
          hint="How they agreed to be named, e.g. Maria K., knitting teacher."
        >
          <Input />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField name="rating" label="Average Rating (1-5)" hint="e.g. 4.5">
            <Input type="number" inputMode="decimal" min={1} max={5} step={0.1} />
          </FormField>
          <FormField name="ratingCount" label="Number of Ratings" hint="How many ratings the average is from.">
            <Input type="number" inputMode="numeric" min={1} step={1} />
          </FormField>
        </div>
        <FormField
          name="guarantee"
          label="Guarantee"
          hint="Shown as you write it, e.g. 30-day money-back guarantee: write to us for a full refund."
        >
          <Textarea rows={2} />
        </FormField>
      </FormSection>

      <OfferFields exceptSellPageId={pageId} />

      <FormSection title="Provider Configuration">
        <PopFields.PayPalClientIdField store={store} />
        <PopFields.CurrencyField />
      </FormSection>

      <FormSection
        title="URLs"
        description="Optional. Without a downloadable file, buyers go to the success URL after paying; cancelling goes to the cancel URL."
      >
        <PopFields.UrlFields />
      </FormSection>

      <PopFields.PopFormActions
        status={status}
        onPreview={openPreview}
        labels={{ preview: "Preview Page", submit: labels.submit, busy: labels.submitting }}
      />

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
    </Form>
  );
}

/** One bundle's name, prices, selling options and feature lines; the premium one has the same fields under its own names. */
function BundleFields({
  tier,
  title,
  sold,
}: {
  tier: "basic" | "premium";
  title: string;
  /** Units sold so far (edit screen). */
  sold?: number;
}) {
  const form = useFormContext<SellPageInput>();
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
  const [features, isPayWhatYouWant] = useWatch({
    control: form.control,
    name: [names.features, names.payWhatYouWant],
  });
  const currency = PopFields.useFormCurrency();

  const setFeatures = (lines: string[]) => {
    form.setValue(names.features, lines);
    form.clearErrors(names.features);
  };

  return (
    <fieldset className="space-y-4 rounded-lg border border-gray-200 p-4">
      <legend className="px-1 text-sm font-semibold text-gray-900">{title}</legend>
      <FormField name={names.name} label={`${label} Bundle Name`} required>
        <Input />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          name={names.price}
          label={`${label} Price`}
          required
          hint={isPayWhatYouWant ? "The suggested price buyers see." : undefined}
        >
          <MoneyInput currency={currency} />
        </FormField>
        <FormField
          name={names.original}
          label={`${label} Original Price`}
          required
          hint="Shown struck through, with the discount, when higher than the price."
        >
          <MoneyInput currency={currency} />
        </FormField>
      </div>
      <PopFields.SellingOptionsFields<SellPageInput>
        names={names}
        labels={{
          payWhatYouWant: `${label}: Pay what you want`,
          minimum: `${label} Minimum Price`,
          stock: `${label} Stock Limit`,
        }}
        payWhatYouWantHint="Buyers choose what to pay, at least your minimum; the price above is the suggestion."
        stockHint={`Copies for sale in all, sold ones included; empty for unlimited.${
          sold ? ` ${sold.toLocaleString("en-US")} sold so far.` : ""
        }`}
        sold={sold}
      />
      <div className="space-y-2">
        <p className="text-sm font-medium text-gray-700">{label} Features</p>
        {features.map((_, index) => (
          <div key={index} className="flex items-center gap-2">
            <FormField
              name={`${names.features}.${index}`}
              label={`${label} feature ${index + 1}`}
              hideLabel
              className="flex-1"
            >
              <Input placeholder="e.g. 120-page PDF guide" />
            </FormField>
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
        <FormMessage name={names.features} />
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

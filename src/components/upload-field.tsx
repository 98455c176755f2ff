"use client";

import { generateReactHelpers } from "@uploadthing/react";
import { Upload, X } from "lucide-react";
import { useRef, useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { DOWNLOADABLE_ACCEPT, IMAGE_MIME_TYPES, downloadableUploadProblem, imageUploadProblem } from "~/lib/file-types";
import type { AppFileRouter, UploadResult } from "~/server/vendors/storage/file-router";

const { useUploadThing } = generateReactHelpers<AppFileRouter>();

export type UploadedFile = Extract<UploadResult, { fileId: string }>;
type Endpoint = "merchantLogo" | "productImage" | "downloadableFile";

/**
 * One file upload through UploadThing with a progress bar. The browser checks size and type first (the
 * spec's messages); the server checks them again, plus the file's real content.
 */
export function UploadField({
  id,
  label,
  endpoint,
  hint,
  preview,
  onUploaded,
  onRemove,
}: {
  id: string;
  label: string;
  endpoint: Endpoint;
  hint?: ReactNode;
  /** What is there now (an image or a file name); null when empty. */
  preview: ReactNode | null;
  onUploaded(file: UploadedFile): Promise<void> | void;
  onRemove?(): Promise<void> | void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { startUpload } = useUploadThing(endpoint, { onUploadProgress: setProgress });
  const isImage = endpoint !== "downloadableFile";

  async function upload(file: File) {
    setError(null);
    const problem = (isImage ? imageUploadProblem : downloadableUploadProblem)([file]);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setProgress(0);
    try {
      const [result] = (await startUpload([file])) ?? [];
      const data = result?.serverData;
      if (!data) throw new Error("Upload failed. Please try again.");
      if ("error" in data) throw new Error(data.error);
      await onUploaded(data);
    } catch (uploadError) {
      setError(uploadError instanceof Error ? uploadError.message : "Upload failed. Please try again.");
    } finally {
      setBusy(false);
      setProgress(null);
      if (input.current) input.current.value = "";
    }
  }

  async function remove() {
    if (!onRemove) return;
    setBusy(true);
    setError(null);
    try {
      await onRemove();
    } catch {
      setError("Could not remove the file. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Field id={id} label={label} error={error ?? undefined} hint={hint}>
      <div className="flex flex-wrap items-center gap-3">
        {preview}
        <input
          ref={input}
          id={id}
          type="file"
          className="sr-only"
          accept={isImage ? IMAGE_MIME_TYPES.join(",") : DOWNLOADABLE_ACCEPT}
          disabled={busy}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        <Button variant="secondary" size="sm" disabled={busy} onClick={() => input.current?.click()}>
          <Upload aria-hidden className="h-4 w-4" />
          {preview ? "Replace" : "Upload"}
        </Button>
        {preview && onRemove && (
          <Button variant="ghost" size="sm" disabled={busy} onClick={() => void remove()}>
            <X aria-hidden className="h-4 w-4" />
            Remove
          </Button>
        )}
      </div>
      {progress !== null && (
        <div
          role="progressbar"
          aria-label={`Uploading ${label}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress)}
          className="h-2 w-full max-w-xs overflow-hidden rounded-full bg-gray-200"
        >
          <div className="bg-brand-600 h-full transition-all" style={{ width: `${progress}%` }} />
        </div>
      )}
    </Field>
  );
}

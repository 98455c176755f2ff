"use client";

import { useRef, useState, type FormEvent } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { errorId, Field, hintId } from "~/components/ui/field";
import { Textarea } from "~/components/ui/input";
import { api, fieldErrorsOf, userMessageOf, type RouterOutputs } from "~/trpc/react";
import { licenseFieldId } from "~/features/licenses/license-settings-fields";

type LicenseSettings = RouterOutputs["merchant"]["licenses"]["settings"];
type ImportAnswer = RouterOutputs["merchant"]["licenses"]["importKeys"];

/**
 * One import travels in one API request, whose body the server caps at 1 MiB: a list (pasted and uploaded
 * together) is refused here above this, with a sentence instead of the server's generic "too large".
 */
const MAX_IMPORT_BYTES = 1_000_000;
const TOO_LARGE = "That is more than one import can take: import at most 1 MB of keys at a time.";

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;

/** "Imported 3 keys. Skipped 1 duplicate, 2 blank lines." with only the parts that happened. */
export function importSummary(answer: ImportAnswer): string {
  const skipped = [
    answer.duplicates > 0 && plural(answer.duplicates, "duplicate", "duplicates"),
    answer.blank > 0 && plural(answer.blank, "blank line", "blank lines"),
    answer.invalid > 0 && plural(answer.invalid, "unusable line", "unusable lines"),
  ].filter(Boolean);
  const imported = `Imported ${plural(answer.imported, "key", "keys")}.`;
  return skipped.length > 0 ? `${imported} Skipped ${skipped.join(", ")}.` : imported;
}

/** The pasted text and the chosen file's text as one list, one key per line. */
async function importText(pasted: string, file: File | null): Promise<string> {
  if (!file) return pasted;
  const uploaded = await file.text();
  // The pasted list's last newline only ends its last line: joined, it would read as a blank line.
  return pasted.trim() === "" ? uploaded : `${pasted.replace(/(\r\n|\r|\n)$/, "")}\n${uploaded}`;
}

/** The JSON request's size of the list, in bytes (what the server's cap counts). */
const requestBytesOf = (text: string) => new TextEncoder().encode(JSON.stringify(text)).length;

/**
 * The POP's pool of pre-generated keys: how many are left and issued, and the import (pasted, or a .txt/.csv file
 * read in the browser) with what it imported and skipped.
 */
export function LicensePoolImport({ settings }: { settings: LicenseSettings }) {
  const { buttonId } = settings;
  const utils = api.useUtils();
  const importKeys = api.merchant.licenses.importKeys.useMutation();
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<{ tone: "success" | "error" | "warning"; text: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const textId = licenseFieldId(buttonId, "import");
  const fileId = `${textId}-file`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setStatus(null);
    if (file && file.size > MAX_IMPORT_BYTES) return setError(TOO_LARGE);
    let list: string;
    try {
      list = await importText(text, file);
    } catch {
      return setError("The file could not be read. Please choose it again.");
    }
    if (requestBytesOf(list) > MAX_IMPORT_BYTES) return setError(TOO_LARGE);
    try {
      const answer = await importKeys.mutateAsync({ buttonId, text: list });
      utils.merchant.licenses.settings.setData(
        { buttonId },
        (saved) => saved && { ...saved, poolLeft: answer.poolLeft },
      );
      setStatus({ tone: answer.imported > 0 ? "success" : "warning", text: importSummary(answer) });
      setText("");
      setFile(null);
      if (fileInput.current) fileInput.current.value = "";
    } catch (failure) {
      const [message] = fieldErrorsOf(failure).text ?? [];
      if (message) setError(message);
      else setStatus({ tone: "error", text: userMessageOf(failure, "Failed to import the keys. Please try again.") });
    }
  }

  return (
    <section aria-labelledby={`${textId}-title`} className="space-y-4 border-t border-gray-100 pt-4">
      <div className="space-y-1">
        <h3 id={`${textId}-title`} className="text-sm font-semibold text-gray-900">
          Key pool
        </h3>
        <p className="text-sm text-gray-900 tabular-nums">
          {plural(settings.poolLeft, "key", "keys")} left in the pool · {settings.issued.toLocaleString("en-US")} issued
        </p>
        <p className="text-xs text-gray-600">
          Keys you import are issued before Popkit generates any, oldest first. We e-mail you when {settings.poolLowAt}{" "}
          or fewer are left.
        </p>
      </div>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-3" aria-label="Import keys">
        <Field
          id={textId}
          label="Keys to import"
          hint="One key per line; from a CSV, the first column. Blank lines and keys you already have are skipped."
          error={error ?? undefined}
        >
          <Textarea
            id={textId}
            rows={5}
            spellCheck={false}
            className="font-mono"
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId(textId) : hintId(textId)}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
          />
        </Field>
        <Field id={fileId} label="Or upload a file (.txt or .csv, up to 1 MB)">
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            accept=".txt,.csv,text/plain,text/csv"
            className="block text-sm text-gray-700 file:mr-3 file:rounded-lg file:border file:border-gray-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-gray-900 hover:file:bg-gray-50"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setError(null);
            }}
          />
        </Field>
        {status && <Alert tone={status.tone}>{status.text}</Alert>}
        <Button type="submit" variant="secondary" disabled={importKeys.isPending}>
          {importKeys.isPending ? "Importing..." : "Import keys"}
        </Button>
      </form>
    </section>
  );
}

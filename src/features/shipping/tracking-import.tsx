"use client";

import { useRouter } from "next/navigation";
import { useId, useRef, useState, type FormEvent } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { MAX_SHIPMENT_CSV } from "~/schemas/shipping";
import { api, userMessageOf, type RouterOutputs } from "~/trpc/react";

type ImportAnswer = RouterOutputs["merchant"]["payments"]["markShippedFromCsv"];

/**
 * "Mark shipped from a CSV": a file with the columns Transaction ID, Carrier and Tracking number (a carrier's or a
 * shipping app's export), read in the browser and sent as text; each row is answered on its own.
 */
export function TrackingImport() {
  const router = useRouter();
  const id = useId();
  const importCsv = api.merchant.payments.markShippedFromCsv.useMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [notifyBuyer, setNotifyBuyer] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<ImportAnswer | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setAnswer(null);
    if (!file) return setError("Choose a CSV file of tracking numbers.");
    if (file.size > MAX_SHIPMENT_CSV) return setError("The file is too large: send at most 200 orders at a time.");
    try {
      const result = await importCsv.mutateAsync({ csv: await file.text(), notifyBuyer });
      setAnswer(result);
      if (fileInput.current) fileInput.current.value = "";
      setFile(null);
      router.refresh();
    } catch (failure) {
      setError(userMessageOf(failure, "The file could not be imported. Please try again."));
    }
  }

  const failed = answer?.results.filter((result) => result.message !== null) ?? [];
  return (
    <Card className="p-6">
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-3" aria-labelledby={`${id}-title`}>
        <div>
          <h2 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
            Mark shipped from a CSV
          </h2>
          <p className="text-sm text-gray-600">
            Columns Transaction ID (as in the Payments export), Carrier (USPS, UPS, FedEx, DHL, Canada Post, Royal Mail,
            Australia Post or another name) and Tracking number; up to 200 orders.
          </p>
        </div>
        <Field id={`${id}-file`} label="CSV file" error={error ?? undefined}>
          <input
            ref={fileInput}
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            aria-invalid={error ? true : undefined}
            className="block text-sm text-gray-700 file:mr-3 file:rounded-lg file:border file:border-gray-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-gray-900 hover:file:bg-gray-50"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setError(null);
            }}
          />
        </Field>
        <label className="flex items-center gap-2 text-sm text-gray-900">
          <input type="checkbox" checked={notifyBuyer} onChange={(event) => setNotifyBuyer(event.target.checked)} />
          E-mail each buyer the tracking link
        </label>
        {answer && (
          <Alert tone={failed.length === 0 ? "success" : "warning"}>
            {`Marked ${answer.shipped} ${answer.shipped === 1 ? "order" : "orders"} shipped.`}
            {failed.length > 0 && (
              <ul className="mt-2 list-disc pl-5">
                {failed.map((result) => (
                  <li key={result.row}>
                    Row {result.row}
                    {result.reference ? ` (${result.reference})` : ""}: {result.message}
                  </li>
                ))}
              </ul>
            )}
          </Alert>
        )}
        <Button type="submit" variant="secondary" disabled={importCsv.isPending}>
          {importCsv.isPending ? "Importing..." : "Import tracking numbers"}
        </Button>
      </form>
    </Card>
  );
}

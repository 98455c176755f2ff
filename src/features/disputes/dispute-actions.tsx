"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { RefreshCw } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useRef, useState, type FormEvent } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { fieldsFor, Form, SubmitButton } from "~/components/ui/form";
import { Textarea } from "~/components/ui/input";
import { Switch } from "~/components/ui/switch";
import { toast } from "~/components/ui/toast";
import {
  acceptClaimSchema,
  EVIDENCE_FILES,
  evidenceFileMessages,
  evidenceNoteSchema,
  sendDisputeMessageSchema,
} from "~/schemas/disputes";
import { api, userMessageOf } from "~/trpc/react";

// What the seller does on a case's page: pause the buyer's access, send the evidence, accept the claim, write to
// the buyer; and on the list, ask PayPal for cases now.

/** "Check PayPal now": pulls the store's cases updated since the last pull. */
export function CheckPayPalButton() {
  const router = useRouter();
  const refresh = api.merchant.disputes.refresh.useMutation();
  return (
    <Button
      variant="secondary"
      disabled={refresh.isPending}
      onClick={async () => {
        try {
          const { read } = await refresh.mutateAsync();
          toast.success(
            read === 0 ? "No new updates from PayPal." : `${read} ${read === 1 ? "case" : "cases"} updated.`,
          );
          router.refresh();
        } catch (error) {
          toast.error(userMessageOf(error, "PayPal could not be reached. Please try again."));
        }
      }}
    >
      <RefreshCw aria-hidden className="size-4" />
      {refresh.isPending ? "Checking PayPal..." : "Check PayPal now"}
    </Button>
  );
}

/** Pause (or resume) the buyer's downloads and license keys of the payment while the case is open. */
export function PauseAccessSwitch({ disputeId, paused }: { disputeId: string; paused: boolean }) {
  const router = useRouter();
  const pause = api.merchant.disputes.pauseAccess.useMutation();
  return (
    <div className="flex items-start gap-3 py-3">
      <Switch
        checked={paused}
        disabled={pause.isPending}
        label="Pause the buyer's downloads and license keys"
        onToggle={async () => {
          try {
            await pause.mutateAsync({ id: disputeId, paused: !paused });
            toast.success(paused ? "Downloads and license keys work again." : "Downloads and license keys paused.");
            router.refresh();
          } catch (error) {
            toast.error(userMessageOf(error, "The change was not saved. Please try again."));
          }
        }}
      />
      <p className="text-sm text-gray-700">
        <span className="block font-medium text-gray-900">Pause the buyer&apos;s downloads and license keys</span>
        While the case is open. They work again if you win; they stay off if the buyer wins.
      </p>
    </div>
  );
}

type NoteValues = z.input<typeof evidenceNoteSchema>;
const noteFields = fieldsFor<NoteValues>();

/** The seller's note and files, sent with the proposed facts (as a PDF) through PayPal's provide-evidence. */
export function EvidenceForm({ disputeId }: { disputeId: string }) {
  const router = useRouter();
  const id = useId();
  const files = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<NoteValues, unknown, z.output<typeof evidenceNoteSchema>>({
    resolver: zodResolver(evidenceNoteSchema),
    defaultValues: { note: "" },
  });

  /** The browser's own check of the chosen files, the server's rules (it checks again, by the bytes). */
  function chosenFiles(): File[] | null {
    const chosen = [...(files.current?.files ?? [])];
    const problem =
      chosen.length > EVIDENCE_FILES.maxCount
        ? evidenceFileMessages.tooMany
        : chosen
            .map((file) =>
              file.size > EVIDENCE_FILES.maxBytes
                ? evidenceFileMessages.tooLarge(file.name)
                : /\.(pdf|jpe?g|png|gif)$/i.test(file.name)
                  ? null
                  : evidenceFileMessages.wrongType(file.name),
            )
            .find(Boolean);
    setFileError(problem ?? null);
    return problem ? null : chosen;
  }

  async function submit(values: z.output<typeof evidenceNoteSchema>) {
    setFormError(null);
    const chosen = chosenFiles();
    if (!chosen) return;
    const body = new FormData();
    body.set("note", values.note);
    for (const file of chosen) body.append("files", file);
    const response = await fetch(`/api/disputes/${encodeURIComponent(disputeId)}/evidence`, { method: "POST", body });
    const answer = (await response.json().catch(() => ({}))) as { error?: string };
    if (!response.ok) {
      setFormError(answer.error ?? "The evidence was not sent. Please try again.");
      return;
    }
    toast.success("Evidence sent to PayPal.");
    router.refresh();
  }

  const filesId = `${id}-files`;
  return (
    <Form form={form} onSubmit={submit} className="space-y-4">
      {formError && <Alert>{formError}</Alert>}
      <noteFields.FormField
        name="note"
        id={`${id}-note`}
        label="Your note to PayPal (optional)"
        hint="What happened, in your words. The facts above go with it as a PDF."
      >
        <Textarea rows={4} maxLength={1500} />
      </noteFields.FormField>
      <Field
        id={filesId}
        label="Your own files (optional)"
        hint="PDF, JPG, PNG or GIF, up to 4 files of 5 MB each: e.g. a conversation with the buyer."
        error={fileError ?? undefined}
      >
        <input
          ref={files}
          id={filesId}
          type="file"
          multiple
          accept={EVIDENCE_FILES.accept}
          onChange={chosenFiles}
          aria-invalid={fileError ? true : undefined}
          className="block w-full text-sm text-gray-700 file:mr-3 file:rounded-md file:border-0 file:bg-gray-100 file:px-3 file:py-2 file:text-sm file:font-medium"
        />
      </Field>
      <SubmitButton busyLabel="Sending to PayPal...">Send evidence to PayPal</SubmitButton>
    </Form>
  );
}

type AcceptValues = z.input<typeof acceptClaimSchema>;
const acceptFields = fieldsFor<AcceptValues>();

/** Accepting the claim: PayPal refunds the buyer the disputed amount. Asked in a dialog: it cannot be undone. */
export function AcceptClaimButton({ disputeId, amount }: { disputeId: string; amount: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Accept claim
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Accept the buyer's claim"
        description={`PayPal refunds the buyer ${amount} and closes the case. This cannot be undone.`}
      >
        {open && <AcceptClaimForm disputeId={disputeId} amount={amount} onDone={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}

function AcceptClaimForm({ disputeId, amount, onDone }: { disputeId: string; amount: string; onDone(): void }) {
  const router = useRouter();
  const id = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const accept = api.merchant.disputes.acceptClaim.useMutation();
  const form = useForm<AcceptValues, unknown, z.output<typeof acceptClaimSchema>>({
    resolver: zodResolver(acceptClaimSchema),
    defaultValues: { id: disputeId, note: "" },
  });
  async function submit(values: z.output<typeof acceptClaimSchema>) {
    setFormError(null);
    try {
      await accept.mutateAsync(values);
      toast.success("Claim accepted: PayPal refunds the buyer.");
      onDone();
      router.refresh();
    } catch (error) {
      setFormError(userMessageOf(error, "PayPal did not take the answer. Please try again."));
    }
  }
  return (
    <Form form={form} onSubmit={submit} className="space-y-4">
      {formError && <Alert>{formError}</Alert>}
      <acceptFields.FormField name="note" id={`${id}-note`} label="Note for PayPal" hint="Why you accept the claim.">
        <Textarea rows={3} maxLength={2000} />
      </acceptFields.FormField>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton variant="danger" isBusy={accept.isPending} busyLabel="Accepting...">
          {`Accept and refund ${amount}`}
        </SubmitButton>
      </div>
    </Form>
  );
}

/** A message to the buyer on the case. */
export function DisputeMessageForm({ disputeId }: { disputeId: string }) {
  const router = useRouter();
  const id = useId();
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const send = api.merchant.disputes.sendMessage.useMutation();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = sendDisputeMessageSchema.safeParse({ id: disputeId, message });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Write a message.");
      return;
    }
    setError(null);
    try {
      await send.mutateAsync(parsed.data);
      setMessage("");
      toast.success("Message sent to the buyer.");
      router.refresh();
    } catch (caught) {
      setError(userMessageOf(caught, "The message was not sent. Please try again."));
    }
  }
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <Field id={`${id}-message`} label="Message to the buyer" error={error ?? undefined}>
        <Textarea
          id={`${id}-message`}
          rows={3}
          maxLength={2000}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          aria-invalid={error ? true : undefined}
        />
      </Field>
      <Button type="submit" variant="secondary" disabled={send.isPending}>
        {send.isPending ? "Sending..." : "Send message"}
      </Button>
    </form>
  );
}

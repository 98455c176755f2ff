"use client";

import { type FormEvent, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { lostDownloadSchema } from "~/schemas/library";

type Notice = { tone: "ok" | "error"; text: string } | null;

/**
 * "Lost your download?": mails the buyer's library link to the e-mail they paid with. A plain fetch
 * to the checkout endpoints, like the rest of the buyer's pages (no tRPC client in their JavaScript).
 */
export function LostDownloadForm() {
  const [email, setEmail] = useState("");
  const [notice, setNotice] = useState<Notice>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = lostDownloadSchema.safeParse({ email });
    if (!parsed.success) {
      setNotice({ tone: "error", text: parsed.error.issues[0]?.message ?? "Please enter a valid email address" });
      return;
    }
    setSending(true);
    try {
      const response = await fetch("/api/checkout/library-link", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(parsed.data),
      });
      const json = (await response.json().catch(() => ({}))) as { message?: string; error?: { message?: string } };
      setNotice(
        response.ok
          ? { tone: "ok", text: json.message ?? "Check your inbox." }
          : { tone: "error", text: json.error?.message ?? "Something went wrong. Please try again." },
      );
    } catch {
      setNotice({ tone: "error", text: "Something went wrong. Please try again." });
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-2" aria-label="Lost your download?">
      <label htmlFor="lost-download-email" className="block text-sm font-medium text-gray-900">
        Lost your download? Enter the e-mail you paid with
      </label>
      <div className="flex gap-2">
        <Input
          id="lost-download-email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={notice?.tone === "error" || undefined}
          aria-describedby="lost-download-notice"
        />
        <Button type="submit" variant="secondary" disabled={sending}>
          {sending ? "Sending..." : "Send link"}
        </Button>
      </div>
      <p
        id="lost-download-notice"
        role={notice?.tone === "error" ? "alert" : "status"}
        className={notice?.tone === "error" ? "text-sm text-red-600" : "text-sm text-gray-600"}
      >
        {notice?.text}
      </p>
    </form>
  );
}

"use client";

import { type FormEvent, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { portalLinkSchema } from "~/schemas/portal";

type Notice = { tone: "ok" | "error"; text: string } | null;

/**
 * Mails a customer-portal sign-in link to the e-mail the buyer paid with ("Lost your download?", the portal's
 * sign-in page). A plain fetch to the checkout endpoints, like the rest of the buyer's pages (no tRPC client in
 * their JavaScript). `next` is the portal page the link opens.
 */
export function PortalLinkForm({
  label = "Lost your download? Enter the e-mail you paid with",
  next,
}: {
  label?: string;
  next?: string;
}) {
  const [email, setEmail] = useState("");
  const [notice, setNotice] = useState<Notice>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = portalLinkSchema.safeParse({ email, next });
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
    <form onSubmit={submit} noValidate className="space-y-2" aria-label="Send a sign-in link">
      <label htmlFor="portal-link-email" className="block text-sm font-medium text-gray-900">
        {label}
      </label>
      <div className="flex gap-2">
        <Input
          id="portal-link-email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={notice?.tone === "error" || undefined}
          aria-describedby="portal-link-notice"
        />
        <Button type="submit" variant="secondary" disabled={sending}>
          {sending ? "Sending..." : "Send link"}
        </Button>
      </div>
      <p
        id="portal-link-notice"
        role={notice?.tone === "error" ? "alert" : "status"}
        className={notice?.tone === "error" ? "text-sm text-red-600" : "text-sm text-gray-600"}
      >
        {notice?.text}
      </p>
    </form>
  );
}

// Reading real SMTP traffic: every mail the app sends lands in the sandbox's SMTP server (sandbox/mail), whose
// inbox answers JSON. Tests address mail to unique recipients, so files running side by side never see each
// other's mail.
import { db } from "~/server/platform/db";
import { deliverEmail } from "~/server/email";
import { emailTemplates } from "~/server/job-handlers";
import type { SandboxMail } from "../../sandbox/mail";

export type { SandboxMail };

function inboxUrl(): string {
  const url = process.env.MAIL_INBOX_URL ?? process.env.E2E_MAIL_INBOX_URL;
  if (!url) throw new Error("No mail sandbox: MAIL_INBOX_URL is not set");
  return url;
}

/** Every mail received for `to`, newest first. */
export async function mailTo(to: string): Promise<SandboxMail[]> {
  const response = await fetch(`${inboxUrl()}/messages?to=${encodeURIComponent(to.toLowerCase())}`);
  return (await response.json()) as SandboxMail[];
}

/** Waits for a mail to `to` whose subject matches; throws after `timeoutMs` listing what did arrive. */
export async function waitForMail(
  to: string,
  subject: RegExp | string,
  { timeoutMs = 15_000 }: { timeoutMs?: number } = {},
): Promise<SandboxMail> {
  const matches = (mail: SandboxMail) =>
    typeof subject === "string" ? mail.subject.includes(subject) : subject.test(mail.subject);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailTo(to)).find(matches);
    if (found) return found;
    if (Date.now() > deadline) {
      const subjects = (await mailTo(to)).map((mail) => mail.subject);
      throw new Error(`No mail to ${to} matching ${String(subject)}; received: ${JSON.stringify(subjects)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Sends every recorded, unsent mail to `to` now, as the "email.send" worker would (integration tests run no
 * workers; one recipient, so files running side by side never send each other's mail). Returns how many.
 */
export async function sendQueuedMail(to: string): Promise<number> {
  const queued = await db.emailMessage.findMany({
    where: { status: "queued", toAddress: { equals: to, mode: "insensitive" } },
    orderBy: { createdAt: "asc" },
    select: { id: true },
  });
  for (const { id } of queued) await deliverEmail(id, emailTemplates);
  return queued.length;
}

/** The first link in the mail's text part whose URL contains `fragment`. */
export function linkIn(mail: SandboxMail, fragment: string): string {
  const link = (mail.text.match(/https?:\/\/[^\s)\]>"]+/g) ?? []).find((url) => url.includes(fragment));
  if (!link) throw new Error(`No link containing ${fragment} in "${mail.subject}":\n${mail.text}`);
  return link;
}

/** The SMTP server refuses mail to `to` with a temporary error until `available` is true again (an outage). */
export async function setMailboxAvailable(to: string, available: boolean): Promise<void> {
  await fetch(`${inboxUrl()}/unavailable?to=${encodeURIComponent(to.toLowerCase())}`, {
    method: available ? "DELETE" : "PUT",
  });
}

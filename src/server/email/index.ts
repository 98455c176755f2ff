// Transactional e-mail: a mail is recorded in email_messages (inside the transaction of what caused
// it, where there is one: a receipt can never exist without its payment, nor be lost after it commits), then an
// "email.send" job renders and sends it, with retries while SMTP is down. A per-minute sweep queues any mail
// whose job was never queued (a crash right after commit). What each mail says is its domain's (EmailTemplates),
// given to the "email.send" job by src/server/job-handlers.ts: recording and queueing mail needs none of it.
import { render } from "@react-email/components";
import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/server/platform/db";
import { enqueue, type JobHandlers } from "~/server/jobs";
import { neverTriedBefore, queueForgotten, sweepBatch } from "~/server/jobs/sweep";
import { describeError, logger } from "~/server/platform/logger";
import { type EmailPayloads, type EmailTemplateName, type EmailTemplates, emailPayloadSchemas } from "./templates";
import type { EmailTemplate } from "./template";
import { sendMail } from "../vendors/email/transport";

export type { EmailTemplates };

type Client = Pick<Prisma.TransactionClient, "emailMessage">;

export interface NewEmail<K extends EmailTemplateName> {
  template: K;
  to: string;
  payload: EmailPayloads[K];
  /** The store the mail concerns (its log); omit for account mail. */
  merchantId?: string | null;
  /** A second mail with the same key is never recorded ("receipt:<transaction id>"). */
  key?: string;
}

/**
 * Records a mail with `client` (pass an open transaction); returns its id to queue after the commit, or null when
 * its key was recorded before.
 */
export async function recordEmail<K extends EmailTemplateName>(
  client: Client,
  mail: NewEmail<K>,
): Promise<string | null> {
  const payload = emailPayloadSchemas[mail.template].parse(mail.payload);
  const rows = await client.emailMessage.createManyAndReturn({
    data: [
      {
        template: mail.template,
        toAddress: mail.to.trim(),
        payload: payload as Prisma.InputJsonValue,
        merchantId: mail.merchantId ?? null,
        dedupeKey: mail.key ?? null,
      },
    ],
    // The unique dedupe key makes a concurrent second record (webhook racing the capture) a no-op, not an error.
    skipDuplicates: true,
    select: { id: true },
  });
  return rows[0]?.id ?? null;
}

/** Queues recorded mail; never throws (what fails to queue now, the sweep queues within a minute). */
export async function queueEmails(ids: (string | null)[]): Promise<void> {
  for (const emailId of ids) {
    if (!emailId) continue;
    try {
      await enqueue("email.send", { emailId }, { key: emailId });
    } catch (error) {
      logger.error("e-mail not queued yet", { emailId, ...describeError(error) });
    }
  }
}

/** Records and queues one mail outside any other transaction (a reset link, a library link). */
export async function sendEmail<K extends EmailTemplateName>(mail: NewEmail<K>): Promise<void> {
  await queueEmails([await recordEmail(db, mail)]);
}

/**
 * The "email.send" job: composes one recorded mail with `templates` and sends it. Idempotent: a sent mail is not
 * sent again. Throws on an SMTP failure so the job retries; a mail with nothing left to say is marked failed and
 * dropped.
 */
export async function deliverEmail(emailId: string, templates: EmailTemplates): Promise<void> {
  const row = await db.emailMessage.findUnique({ where: { id: emailId } });
  if (!row || row.status !== "queued") return;
  const name = Object.hasOwn(emailPayloadSchemas, row.template) ? (row.template as EmailTemplateName) : null;
  const template = name ? (templates[name] as EmailTemplate<unknown>) : undefined;
  const parsed = name ? emailPayloadSchemas[name].safeParse(row.payload) : undefined;
  const composed = template && parsed?.success ? await template.compose(parsed.data, { to: row.toAddress }) : null;
  if (!composed) {
    await db.emailMessage.update({
      where: { id: emailId },
      data: { status: "failed", lastError: template ? "Nothing to send any more" : `Unknown template ${row.template}` },
    });
    return;
  }
  const [html, text] = await Promise.all([render(composed.body), render(composed.body, { plainText: true })]);
  try {
    await sendMail({ to: row.toAddress, subject: composed.subject, html, text, replyTo: composed.replyTo });
  } catch (error) {
    await db.emailMessage.update({
      where: { id: emailId },
      data: {
        attempts: { increment: 1 },
        lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
      },
    });
    throw error;
  }
  await db.emailMessage.update({
    where: { id: emailId },
    data: { status: "sent", sentAt: new Date(), attempts: { increment: 1 }, lastError: null },
  });
}

/** Mail still unsent a minute after it was recorded and never tried: its job was never queued. */
export function queueForgottenEmails(now: Date = new Date()): Promise<number> {
  return queueForgotten(
    db.emailMessage.findMany({ where: { status: "queued", ...neverTriedBefore(now) }, ...sweepBatch }),
    queueEmails,
  );
}

/** The handlers of e-mail's own job kinds, composing with `templates` (the domains', from src/server/job-handlers.ts). */
export function emailJobHandlers(templates: EmailTemplates) {
  return {
    "email.send": ({ emailId }) => deliverEmail(emailId, templates),
    "email.sweep": async () => {
      await queueForgottenEmails();
    },
  } satisfies Partial<JobHandlers>;
}

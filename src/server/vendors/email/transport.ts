// The one way mail leaves the product: nodemailer over SMTP_URL (the demo's local SMTP server when unset).
// Called only by the "email.send" job (index.ts), never from a request.
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "~/env";

let transporter: Transporter | null = null;

function transport(): Transporter {
  if (!env.SMTP_URL) throw new Error("SMTP_URL is not set: e-mail cannot be sent (see .env.example)");
  // Timeouts matter: a hung SMTP server would otherwise hold the job for minutes (TOOLCHAIN.md).
  transporter ??= nodemailer.createTransport(env.SMTP_URL, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as nodemailer.TransportOptions);
  return transporter;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
}

export async function sendMail(mail: OutgoingMail): Promise<void> {
  await transport().sendMail({ from: env.MAIL_FROM, ...mail });
}

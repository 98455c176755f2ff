import { z } from "zod";
import { SALES_EMAIL } from "./content";

export const contactSalesSchema = z.object({
  name: z.string().trim().min(1, "Enter your name").max(100, "Keep your name under 100 characters"),
  email: z.string().trim().min(1, "Enter your e-mail address").pipe(z.email("Enter a valid e-mail address")),
  company: z.string().trim().max(100, "Keep the company name under 100 characters"),
  // Mail apps and browsers drop mailto links much longer than ~2,000 characters.
  message: z
    .string()
    .trim()
    .min(10, "Tell us a little more (at least 10 characters)")
    .max(1500, "Keep your message under 1,500 characters"),
});

export type ContactSalesInput = z.input<typeof contactSalesSchema>;
export type ContactSalesValues = z.output<typeof contactSalesSchema>;

/** What an enquiry is about when nothing more precise is known: terms made for one store. */
export const DEFAULT_SALES_TOPIC = "custom plan";

/**
 * A mailto: link to sales prefilled with the enquiry about `topic` (e.g. "Pro plan"); RFC 6068 wants %20 for spaces
 * and CRLF line breaks.
 */
export function buildSalesMailto(
  { name, email, company, message }: ContactSalesValues,
  topic: string = DEFAULT_SALES_TOPIC,
): string {
  const subject = `Popkit ${topic} enquiry from ${company || name}`;
  const body = [`Name: ${name}`, `E-mail: ${email}`, `Company: ${company || "-"}`, "", message].join("\r\n");
  const encode = (text: string) => encodeURIComponent(text.replace(/\r?\n/g, "\r\n"));
  return `mailto:${SALES_EMAIL}?subject=${encode(subject)}&body=${encode(body)}`;
}

// Every kind of mail the product sends, by name (the name is stored with each recorded mail). One file per
// audience; a template is added there and nowhere else.
import { accountEmails } from "./account";
import { buyerEmails } from "./buyer";
import { sellerEmails } from "./seller";
import type { EmailTemplate } from "./template";

export const emailTemplates = { ...buyerEmails, ...sellerEmails, ...accountEmails };

export type EmailTemplates = typeof emailTemplates;
export type EmailTemplateName = keyof EmailTemplates & string;
export type EmailPayloads = {
  [K in EmailTemplateName]: EmailTemplates[K] extends EmailTemplate<infer P> ? P : never;
};

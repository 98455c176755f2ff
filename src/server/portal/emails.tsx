// Mail of the customer portal: the single-use sign-in link a buyer asks for. Composed by the "email.send" job,
// which gets it from src/server/job-handlers.ts; payload: email/templates.ts.
import type { EmailTemplates } from "~/server/email";
import { ActionButton, EmailLayout, Paragraph } from "~/server/email/layout";
import { portalPath } from "~/schemas/portal";
import { createSignInLink } from "~/server/portal/sessions";

export const portalEmails = {
  "portal-sign-in": {
    async compose({ next }, { to }) {
      // The link is made now, so a mail that waited in the queue (or a retried send) still has its 30 minutes.
      const url = await createSignInLink(to, portalPath.safeParse(next).data ?? null);
      return {
        subject: "Your sign-in link: purchases and subscriptions",
        body: (
          <EmailLayout
            preview="Sign in to see your purchases"
            brand="Popkit"
            footer="You received this e-mail because someone asked to sign in with this address. If it was not you, you can ignore it: the link only opens purchases made with this address."
          >
            <Paragraph>
              Sign in to see everything you bought with this e-mail address through Popkit: downloads, receipts,
              invoices and subscriptions.
            </Paragraph>
            <ActionButton href={url}>Sign in</ActionButton>
            <Paragraph>Or paste this address into your browser: {url}</Paragraph>
            <Paragraph>The link works once, for 30 minutes.</Paragraph>
          </EmailLayout>
        ),
      };
    },
  },
} satisfies Partial<EmailTemplates>;

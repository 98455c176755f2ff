// Mail of license keys: the seller's warning that a POP's pool of imported keys runs low. Composed by the
// "email.send" job, which gets it from src/server/job-handlers.ts; payload: email/templates.ts.
import { env } from "~/env";
import { db } from "~/server/platform/db";
import type { EmailTemplates } from "~/server/email";
import { ActionButton, EmailLayout, Paragraph } from "~/server/email/layout";
import { storeBrand } from "~/server/payments/email-facts";

export const licenseEmails = {
  "license-pool-low": {
    async compose({ buttonId }) {
      const button = await db.paymentButton.findUnique({
        where: { id: buttonId },
        select: { merchantId: true, name: true, sellPage: { select: { name: true } } },
      });
      const store = button && (await storeBrand(button.merchantId));
      if (!button || !store) return null;
      const left = await db.licenseKey.count({ where: { buttonId, issueKey: null } });
      const name = button.sellPage?.name ?? button.name;
      const url = `${env.APP_URL.replace(/\/+$/, "")}/dashboard/license-keys?pop=${encodeURIComponent(buttonId)}`;
      return {
        subject: `${left === 0 ? "No" : left} license ${left === 1 ? "key" : "keys"} left for ${name}`,
        body: (
          <EmailLayout
            preview={`Import more keys for ${name}`}
            brand={store.name}
            logoUrl={store.logoUrl}
            footer={`You received this e-mail because ${name} issues license keys from a pool you imported on Popkit.`}
          >
            <Paragraph>
              {left === 0
                ? `The pool of imported license keys for ${name} is empty.`
                : `Only ${left} imported license ${left === 1 ? "key is" : "keys are"} left in the pool for ${name}.`}{" "}
              When the pool is empty, buyers get keys Popkit generates, which your software may not accept. Import more
              keys to keep selling the keys you issue yourself.
            </Paragraph>
            <ActionButton href={url}>Import keys</ActionButton>
          </EmailLayout>
        ),
      };
    },
  },
} satisfies Partial<EmailTemplates>;

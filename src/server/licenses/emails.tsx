// Mail of license keys: the seller's warning that a POP's pool of imported keys runs low, and the keys' part of
// the buyer's receipt (payments/buyer-emails.tsx). Composed by the "email.send" job, which gets it from
// src/server/job-handlers.ts; payload: email/templates.ts.
import { Section, Text } from "@react-email/components";
import { env } from "~/env";
import { formatDateTime } from "~/lib/dates";
import { db } from "~/server/platform/db";
import type { EmailTemplates } from "~/server/email";
import { ActionButton, EmailLayout, Paragraph } from "~/server/email/layout";
import { storeBrand } from "~/server/payments/email-facts";
import type { DeliveredKey } from "~/server/licenses/delivery";

const mono = "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace";

/**
 * The receipt's "Your license keys": each key in full on its own line (the plain-text part keeps one per line),
 * with its activation limit and expiry when set.
 */
export function LicenseKeysInMail({ keys, timeZone }: { keys: DeliveredKey[]; timeZone: string }) {
  if (keys.length === 0) return null;
  return (
    <Section style={{ margin: "8px 0 16px" }}>
      <Text style={{ fontSize: 15, fontWeight: 600, color: "#18181b", margin: "0 0 8px" }}>
        {keys.length === 1 ? "Your license key" : "Your license keys"}
      </Text>
      {keys.map((key) => {
        const terms = [
          key.activationLimit !== null &&
            `up to ${key.activationLimit} activation${key.activationLimit === 1 ? "" : "s"}`,
          key.expiresAt && `expires ${formatDateTime(key.expiresAt, timeZone, "date")}`,
        ].filter(Boolean);
        return (
          <Text key={key.id} style={{ fontSize: 14, lineHeight: "20px", color: "#18181b", margin: "0 0 8px" }}>
            <code style={{ fontFamily: mono, fontSize: 15, backgroundColor: "#f4f4f5", padding: "2px 6px" }}>
              {key.key}
            </code>
            {terms.length > 0 && <span style={{ color: "#52525b" }}> ({terms.join(", ")})</span>}
          </Text>
        );
      })}
    </Section>
  );
}

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

// Mail about a merchant's own account : reset links, address verification, a sign-up attempt on
// an existing address, a changed password. Links are made when the mail is sent, so a retried send carries a
// fresh one and a mail that waited in the queue still has its full hour.
// Composed by the "email.send" job, which gets these from src/server/job-handlers.ts; payloads: email/templates.ts.
import { env } from "~/env";
import { db } from "~/server/platform/db";
import type { EmailTemplates } from "~/server/email";
import { ActionButton, EmailLayout, Paragraph } from "~/server/email/layout";
import { issueAccountToken } from "~/server/accounts/tokens";

const appUrl = (path: string) => `${env.APP_URL.replace(/\/+$/, "")}${path}`;

/**
 * The account the mail is about, while `to` is still its address: mail queued before an address change is not
 * sent to the old one.
 */
async function accountAt(userId: string, to: string) {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, emailVerified: true },
  });
  return user && user.email === to.trim().toLowerCase() ? user : null;
}

/** The link once more as text, for mail clients that do not show the button. */
function LinkText({ href }: { href: string }) {
  return <Paragraph>If the button does not work, paste this link into your browser: {href}</Paragraph>;
}

export const accountEmails = {
  "password-reset": {
    async compose({ userId }, { to }) {
      const user = await accountAt(userId, to);
      if (!user) return null;
      const link = appUrl(`/auth/reset/${await issueAccountToken("password_reset", user)}`);
      return {
        subject: "Reset your Popkit password",
        body: (
          <EmailLayout
            preview="A link to choose a new password, valid for one hour."
            brand="Popkit"
            footer="You received this because someone asked to reset the password of this Popkit account."
          >
            <Paragraph>Someone asked to reset the password of the Popkit account for {user.email}.</Paragraph>
            <ActionButton href={link}>Choose a new password</ActionButton>
            <LinkText href={link} />
            <Paragraph>
              The link works once, for one hour. Choosing a new password signs the account out everywhere. If you did
              not ask for this, ignore this e-mail: your password stays as it is.
            </Paragraph>
          </EmailLayout>
        ),
      };
    },
  },

  "verify-email": {
    async compose({ userId }, { to }) {
      const user = await accountAt(userId, to);
      if (!user || user.emailVerified) return null;
      const link = appUrl(`/auth/verify/${await issueAccountToken("email_verification", user)}`);
      return {
        subject: "Verify your e-mail address for Popkit",
        body: (
          <EmailLayout
            preview="Confirm this is your address."
            brand="Popkit"
            footer="You received this because this address was used for a Popkit account."
          >
            <Paragraph>Please confirm that {user.email} is the address of your Popkit account.</Paragraph>
            <ActionButton href={link}>Verify e-mail address</ActionButton>
            <LinkText href={link} />
            <Paragraph>
              The link works for 24 hours. If you did not create a Popkit account, ignore this e-mail.
            </Paragraph>
          </EmailLayout>
        ),
      };
    },
  },

  "signup-attempt": {
    async compose({ userId }, { to }) {
      const user = await accountAt(userId, to);
      if (!user) return null;
      const signIn = appUrl("/auth");
      const forgot = appUrl("/auth/forgot");
      return {
        subject: "Someone tried to create a Popkit account with your e-mail",
        body: (
          <EmailLayout
            preview="You already have an account: nothing was created."
            brand="Popkit"
            footer="You received this because someone tried to sign up to Popkit with this address."
          >
            <Paragraph>
              Someone just tried to create a Popkit account with {user.email}. You already have one, so nothing was
              created and your account is unchanged.
            </Paragraph>
            <Paragraph>If it was you, sign in to your account:</Paragraph>
            <ActionButton href={signIn}>Sign in</ActionButton>
            <Paragraph>Forgot your password? Reset it here: {forgot}</Paragraph>
            <Paragraph>If it was not you, you can ignore this e-mail.</Paragraph>
          </EmailLayout>
        ),
      };
    },
  },

  "password-changed": {
    async compose({ userId }, { to }) {
      const user = await accountAt(userId, to);
      if (!user) return null;
      const forgot = appUrl("/auth/forgot");
      return {
        subject: "Your Popkit password was changed",
        body: (
          <EmailLayout
            preview="Your other sessions were signed out."
            brand="Popkit"
            footer="You received this because the password of this Popkit account changed."
          >
            <Paragraph>
              The password of the Popkit account for {user.email} was just changed, and its other sessions were signed
              out.
            </Paragraph>
            <Paragraph>If this was not you, reset your password now: {forgot}</Paragraph>
          </EmailLayout>
        ),
      };
    },
  },
} satisfies Partial<EmailTemplates>;

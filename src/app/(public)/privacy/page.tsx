import type { Metadata } from "next";
import { LegalPage } from "~/features/landing/legal-page";

export const metadata: Metadata = { title: "Privacy policy · Popkit" };

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy policy"
      summary="What personal data Popkit keeps, why, who else handles it, and how to have it changed or deleted."
    >
      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Your account:</strong> your name and e-mail address, and your password stored only as a salted hash.
          If you sign in with Google, we receive your name and e-mail address from Google.
        </li>
        <li>
          <strong>Your store:</strong> store name, logo, description and website, and your PayPal client ID and secret.
          The secret is encrypted before it is stored.
        </li>
        <li>
          <strong>Your products:</strong> the buttons and pages you create and the images and files you upload.
        </li>
        <li>
          <strong>Sales:</strong> for every payment PayPal confirms, the PayPal order and transaction IDs, amount,
          currency, status, and the buyer&apos;s name and e-mail address as PayPal reports them.
        </li>
        <li>
          <strong>Security data:</strong> IP addresses, used for a short time to limit repeated sign-in attempts and to
          investigate abuse.
        </li>
      </ul>
      <p>Card and bank details are entered on PayPal&apos;s checkout and never reach Popkit.</p>

      <h2>How we use it</h2>
      <p>
        Only to run Popkit: to sign you in, show your sales and analytics, deliver files to buyers who paid, answer
        support requests and keep the service secure. We do not sell personal data and do not use it for advertising.
      </p>

      <h2>Cookies</h2>
      <p>
        We use only the cookies needed to sign you in and keep you signed in. There are no advertising or tracking
        cookies.
      </p>

      <h2>Who else handles it</h2>
      <ul>
        <li>PayPal processes payments and tells us their result.</li>
        <li>UploadThing stores the images and files you upload.</li>
        <li>Google, only if you choose to sign in with Google.</li>
      </ul>

      <h2>If you bought from a Popkit seller</h2>
      <p>
        The seller receives your name, e-mail address and purchase details so they can deliver your order and help you.
        For questions about your purchase, contact the seller first; you can also write to us.
      </p>

      <h2>How long we keep it</h2>
      <p>
        We keep your data while your account exists. When you ask us to delete your account, we delete your data, except
        sales records the law requires us to keep, which we delete when that duty ends.
      </p>

      <h2>Your rights</h2>
      <p>
        You can ask for a copy of your data, have it corrected, or have it deleted. Write to us from the e-mail address
        on your account and we will answer within 30 days.
      </p>
    </LegalPage>
  );
}

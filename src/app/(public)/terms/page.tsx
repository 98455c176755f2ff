import type { Metadata } from "next";
import { LegalPage } from "~/features/landing/legal-page";

export const metadata: Metadata = { title: "Terms of service · Popkit" };

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of service"
      summary="These terms apply when you create a Popkit account or sell through Popkit. By signing up you agree to them."
    >
      <h2>What Popkit does</h2>
      <p>
        Popkit lets you create PayPal checkout buttons, PayPal Buy Now buttons and digital sell pages, and shows you the
        sales made through them. Payments are processed by PayPal and go straight into your own PayPal account: Popkit
        never holds your money.
      </p>

      <h2>Your account</h2>
      <ul>
        <li>Give accurate details when you sign up and keep them up to date.</li>
        <li>
          Keep your password and your PayPal credentials secret. You are responsible for what happens in your account.
        </li>
        <li>Tell us straight away if you think someone else has access to your account.</li>
      </ul>

      <h2>Selling with Popkit</h2>
      <p>
        You are the seller. You are responsible for what you sell, how you describe it, delivering it, refunds, customer
        service and any taxes due, and for following the law and PayPal&apos;s own user agreement and acceptable use
        policy.
      </p>
      <p>You may not use Popkit to sell or distribute:</p>
      <ul>
        <li>anything illegal where you or your buyers are;</li>
        <li>content you do not have the right to sell;</li>
        <li>malware, or anything meant to deceive or defraud buyers;</li>
        <li>anything PayPal does not allow.</li>
      </ul>

      <h2>Fees</h2>
      <p>
        You pay your plan&apos;s monthly price and its Popkit fee on your sales, as shown on our pricing page and in
        Store Settings, where you also see this month&apos;s payments and fees. PayPal charges its own standard
        processing fees on each payment. A store that reaches its plan&apos;s monthly payment limit takes no new
        checkouts until the next month; payments buyers have already approved are still completed.
      </p>

      <h2>Your content</h2>
      <p>
        You keep all rights to the products, files, images and text you upload. You allow us to store them and show or
        deliver them to your buyers, only as needed to run the service for you.
      </p>

      <h2>Availability</h2>
      <p>
        We work to keep Popkit running and your data safe, but we cannot promise the service will always be available or
        free of errors, and we do not control PayPal. As far as the law allows, we are not liable for lost sales or
        profits caused by an outage.
      </p>

      <h2>Closing an account</h2>
      <p>
        You can stop using Popkit and ask us to delete your account at any time. We may suspend or close an account that
        breaks these terms, and will tell you why unless the law prevents us.
      </p>

      <h2>Changes to these terms</h2>
      <p>
        If we change these terms in a way that matters to you, we will tell you by e-mail before the change takes
        effect.
      </p>
    </LegalPage>
  );
}

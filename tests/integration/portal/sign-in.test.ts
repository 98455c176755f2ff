import { beforeAll, describe, expect, it } from "vitest";
import { POST as portalLinkRoute } from "~/app/api/checkout/library-link/route";
import { GET as libraryLinkRoute } from "~/app/(public)/library/[token]/route";
import { POST as signOutRoute } from "~/app/api/portal/sign-out/route";
import { db } from "~/server/platform/db";
import { MAIL_PER_ADDRESS_PER_HOUR } from "~/server/platform/rate-limit";
import { createLibraryLink } from "~/server/library/library";
import { jobHandlers } from "~/server/job-handlers";
import { PORTAL_LINK_ANSWER, portalEmail, SIGN_IN_LINK_TTL_MS, startPortalSession } from "~/server/portal/sessions";
import { createMerchant } from "../../factories/merchant";
import { createSubscription } from "../../factories/subscription";
import { createTransaction } from "../../factories/transaction";
import { unique } from "../../factories/unique";
import { continueWithLink, portalRequest, sessionFrom, signInTokenFor } from "../../support/portal";
import { linkIn, mailTo, sendQueuedMail, waitForMail } from "../../support/mailbox";

const buyerEmail = () => `${unique("buyer")}@buyer.example.test`.toLowerCase();
const randomIp = () => `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

function ask(email: string, extra: Record<string, string> = {}, ip = randomIp()) {
  return portalLinkRoute(
    new Request("http://localhost/api/checkout/library-link", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify({ email, ...extra }),
    }),
  );
}

let merchantId: string;
beforeAll(async () => {
  merchantId = (await createMerchant(db)).id;
});

describe("asking for a sign-in link", () => {
  it("answers a buyer and a stranger alike, and mails only the buyer a link", async () => {
    const email = buyerEmail();
    await createTransaction(db, merchantId, { payerEmail: email, paypalTransactionId: unique("CAP-") });
    const stranger = buyerEmail();

    const [forBuyer, forStranger] = [await ask(email.toUpperCase()), await ask(stranger)];
    expect(forBuyer.status).toBe(200);
    expect(await forBuyer.json()).toEqual({ message: PORTAL_LINK_ANSWER });
    expect(await forStranger.json()).toEqual({ message: PORTAL_LINK_ANSWER });

    const token = await signInTokenFor(email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only its hash is stored.
    const row = await db.buyerSignInToken.findFirstOrThrow({ where: { email } });
    expect(row.tokenHash).not.toContain(token);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(SIGN_IN_LINK_TTL_MS + 1000);
    expect(await db.emailMessage.count({ where: { toAddress: stranger } })).toBe(0);
  });

  it("mails a subscriber whose first payment is not recorded yet", async () => {
    const email = buyerEmail();
    await createSubscription(db, merchantId, { payerEmail: email });
    await ask(email);
    await signInTokenFor(email);
  });

  it("refuses a malformed address or a foreign landing page clearly, and limits how often one address is mailed", async () => {
    const bad = await ask("not an email");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { message: "Please enter a valid email address" } });
    const elsewhere = await ask(buyerEmail(), { next: "https://evil.example/portal" });
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.json()).toMatchObject({ error: { message: "Not a portal page." } });

    const email = buyerEmail();
    for (let i = 0; i < MAIL_PER_ADDRESS_PER_HOUR; i++) expect((await ask(email)).status).toBe(200);
    const limited = await ask(email);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ error: { message: expect.stringMatching(/^Too many attempts/) } });
  });
});

describe("signing in with the link", () => {
  async function linkFor(next?: string) {
    const email = buyerEmail();
    await createTransaction(db, merchantId, { payerEmail: email, paypalTransactionId: unique("CAP-") });
    await ask(email, next ? { next } : {});
    return { email, token: await signInTokenFor(email) };
  }

  it("opens a session once, lands on the page asked for, and the link is spent", async () => {
    const { email, token } = await linkFor("/portal/payments/abc123");
    const first = await continueWithLink(token, "/portal/payments/abc123");
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe("/portal/payments/abc123");
    const cookie = first.headers.get("set-cookie")!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const session = sessionFrom(first)!;
    expect(await portalEmail(session)).toBe(email);

    const again = await continueWithLink(token);
    expect(again.headers.get("location")).toBe("/portal/sign-in?expired=1");
    expect(sessionFrom(again)).toBeNull();
  });

  it("lets exactly one of two simultaneous clicks through", async () => {
    const { token } = await linkFor();
    const answers = await Promise.all([continueWithLink(token), continueWithLink(token), continueWithLink(token)]);
    expect(answers.filter((answer) => sessionFrom(answer) !== null)).toHaveLength(1);
  });

  it("refuses an expired link, a made-up one, and a landing page off the portal", async () => {
    const { email, token } = await linkFor();
    await db.buyerSignInToken.updateMany({ where: { email }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await continueWithLink(token)).headers.get("location")).toBe("/portal/sign-in?expired=1");
    expect((await continueWithLink("x".repeat(43))).headers.get("location")).toBe("/portal/sign-in?expired=1");
    expect((await continueWithLink("'; drop table buyer_sessions; --")).headers.get("location")).toBe(
      "/portal/sign-in?expired=1",
    );

    const fresh = await linkFor();
    const offsite = await continueWithLink(fresh.token, "https://evil.example/");
    expect(offsite.headers.get("location")).toBe("/portal");
  });

  it("signs out here and for every copy of the cookie", async () => {
    const { token } = await linkFor();
    const session = sessionFrom(await continueWithLink(token))!;
    const out = await signOutRoute(portalRequest("/api/portal/sign-out", session, { method: "POST" }));
    expect(out.status).toBe(303);
    expect(out.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    expect(await portalEmail(session)).toBeNull();
  });

  it("refuses a sign-out posted from another site", async () => {
    const { token } = await linkFor();
    const session = sessionFrom(await continueWithLink(token))!;
    const forged = await signOutRoute(
      portalRequest("/api/portal/sign-out", session, { method: "POST", headers: { origin: "https://evil.example" } }),
    );
    expect(forged.status).toBe(403);
    expect(await portalEmail(session)).not.toBeNull();
  });
});

describe("the receipt's library link", () => {
  it("leads into the portal while it lives, and to a fresh sign-in link once it has expired", async () => {
    const email = buyerEmail();
    const url = await createLibraryLink(email);
    const token = url.split("/library/")[1]!;
    const opened = await libraryLinkRoute(new Request(url), { params: Promise.resolve({ token }) });
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe("/portal");
    expect(await portalEmail(sessionFrom(opened)!)).toBe(email);

    await db.libraryLink.updateMany({ where: { email }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await libraryLinkRoute(new Request(url), { params: Promise.resolve({ token }) });
    expect(expired.headers.get("location")).toBe("/library?expired=1");
    expect(sessionFrom(expired)).toBeNull();
  });
});

describe("the receipt", () => {
  it("links to the payment's page in the portal", async () => {
    const email = buyerEmail();
    const payment = await createTransaction(db, merchantId, { payerEmail: email, paypalTransactionId: unique("CAP-") });
    const { recordEmail, queueEmails } = await import("~/server/email");
    await queueEmails([
      await recordEmail(db, { template: "receipt", to: email, payload: { transactionId: payment.id } }),
    ]);
    await sendQueuedMail(email);
    const receipt = await waitForMail(email, "Your receipt from");
    expect(linkIn(receipt, "/portal/payments/")).toBe(`http://localhost:3000/portal/payments/${payment.id}`);
    expect(await mailTo(email)).toHaveLength(1);
  });
});

describe("the portal sweep", () => {
  it("deletes sign-in links and sessions a day past their end, and keeps live ones", async () => {
    const email = buyerEmail();
    const dayAndMore = new Date(Date.now() - 25 * 60 * 60 * 1000);
    const live = await startPortalSession(email);
    await db.buyerSession.create({ data: { tokenHash: unique("hash-"), email, expiresAt: dayAndMore } });
    await db.buyerSignInToken.create({ data: { tokenHash: unique("hash-"), email, expiresAt: dayAndMore } });
    await jobHandlers["portal.sweep"]({});
    expect(await db.buyerSession.count({ where: { email } })).toBe(1);
    expect(await db.buyerSignInToken.count({ where: { email } })).toBe(0);
    expect(await portalEmail(live)).toBe(email);
  });
});

describe("where a portal request comes from", () => {
  it("trusts the browser's Sec-Fetch-Site, then the Origin, and refuses another site either way", async () => {
    const { isSameOrigin } = await import("~/server/platform/request");
    const from = (headers: Record<string, string>) =>
      isSameOrigin(new Request("http://localhost:3000/api/portal/sign-out", { method: "POST", headers }));
    expect(from({ "sec-fetch-site": "same-origin", origin: "null" })).toBe(true);
    expect(from({ "sec-fetch-site": "cross-site", origin: "http://localhost:3000" })).toBe(false);
    expect(from({ "sec-fetch-site": "same-site" })).toBe(false);
    expect(from({})).toBe(true);
    expect(from({ origin: "http://localhost:3000" })).toBe(true);
    expect(from({ origin: "https://evil.example" })).toBe(false);
    expect(from({ origin: "©not a url" })).toBe(false);
  });
});

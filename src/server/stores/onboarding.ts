import { settledStatuses } from "~/lib/ledger";
import { env } from "~/env";
import { db } from "~/server/platform/db";
import { describeError, logger } from "~/server/platform/logger";

/**
 * The dashboard's getting-started checklist: four steps of a new store, each read from real rows, never
 * from what the seller clicked.
 */
export const onboardingStepIds = ["paypal", "pop", "test_payment", "on_site"] as const;
export type OnboardingStepId = (typeof onboardingStepIds)[number];

export type OnboardingStep = { id: OnboardingStepId; isDone: boolean; href: string; opensNewTab: boolean };

/**
 * "open": show the checklist. "all_set": every step is done and this is the first time the dashboard saw it, so it
 * says "You're all set" this once. "hidden": dismissed, or completed on an earlier visit.
 */
export type OnboardingDisplay = "open" | "all_set" | "hidden";

const CREATE_POP = "/dashboard/pages/create-pop";

/**
 * The checklist of one merchant. Steps:
 * - paypal: a client id and an encrypted secret saved in Store Settings (what checkout needs to take payments);
 * - pop: any merchant-created payment button, digital sell page or WPS button;
 * - test_payment: any payment PayPal completed on one of the merchant's POPs, sandbox included (a refunded one was
 *   completed first, so it counts too), WPS payments (recorded only from a verified IPN or PDT) included;
 * - on_site: a button's embed script was loaded by a page on another site (embedSeenAt, see noteEmbedScriptLoad),
 *   or a sell page has had a view: a sell page lives on our domain and is "put on a site" by linking to it, and its
 *   views are only counted from real browsers running its script (src/app/api/sell-pages/[id]/view), once per
 *   visitor and day. Its referrer is not recorded, and many links (apps, e-mail, no-referrer sites) send none, so
 *   any view counts; the seller opening their own page counts too, which is an honest enough "it is live".
 * The first time all four are done the moment is saved (a conditional write, so concurrent loads agree), and the
 * checklist shows "You're all set" on that load only.
 */
export async function getOnboarding(merchantId: string, now: Date = new Date()) {
  const [merchant, settings, firstButton, firstPage, wpsButton, payment, wpsPayment, embedded, viewed] =
    await Promise.all([
      db.merchant.findUniqueOrThrow({
        where: { id: merchantId },
        select: { onboardingDismissedAt: true, onboardingCompletedAt: true },
      }),
      db.storeSettings.findUnique({
        where: { merchantId },
        select: { paypalClientId: true, paypalSecretEncrypted: true },
      }),
      db.paymentButton.findFirst({
        where: { merchantId, buttonType: "manual" },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { id: true },
      }),
      db.digitalSellPage.findFirst({
        where: { merchantId },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { id: true },
      }),
      db.wpsButton.findFirst({ where: { merchantId }, select: { id: true } }),
      db.transaction.findFirst({
        where: { merchantId, status: { in: [...settledStatuses] } },
        select: { id: true },
      }),
      db.wpsTransaction.findFirst({
        where: { merchantId, status: { in: [...settledStatuses] } },
        select: { id: true },
      }),
      db.paymentButton.findFirst({ where: { merchantId, embedSeenAt: { not: null } }, select: { id: true } }),
      db.sellPageView.findFirst({ where: { sellPage: { merchantId } }, select: { id: true } }),
    ]);

  const pageParam = (id: string) => encodeURIComponent(id);
  // The test page embeds the button with the seller's own snippet; a sell page is its own checkout.
  const testHref = firstButton
    ? `/test/${pageParam(firstButton.id)}`
    : firstPage
      ? `/digital-sell/${pageParam(firstPage.id)}`
      : CREATE_POP;
  // The pages list opens "Your POP is ready" for ?created=: the link, a QR code and the embed code.
  const onSiteHref = firstButton
    ? `/dashboard/pages?created=${pageParam(firstButton.id)}`
    : firstPage
      ? `/dashboard/pages?tab=digital-sell-pages&created=${pageParam(firstPage.id)}`
      : CREATE_POP;

  const steps: OnboardingStep[] = [
    {
      id: "paypal",
      isDone: Boolean(settings?.paypalClientId && settings.paypalSecretEncrypted),
      href: "/dashboard/settings",
      opensNewTab: false,
    },
    { id: "pop", isDone: Boolean(firstButton ?? firstPage ?? wpsButton), href: CREATE_POP, opensNewTab: false },
    {
      id: "test_payment",
      isDone: Boolean(payment ?? wpsPayment),
      href: testHref,
      opensNewTab: testHref !== CREATE_POP,
    },
    { id: "on_site", isDone: Boolean(embedded ?? viewed), href: onSiteHref, opensNewTab: false },
  ];
  const doneCount = steps.filter((step) => step.isDone).length;
  const isComplete = doneCount === steps.length;

  let display: OnboardingDisplay = "open";
  if (merchant.onboardingDismissedAt) display = "hidden";
  else if (merchant.onboardingCompletedAt) display = "hidden";
  else if (isComplete) {
    const { count } = await db.merchant.updateMany({
      where: { id: merchantId, onboardingCompletedAt: null },
      data: { onboardingCompletedAt: now },
    });
    // Zero rows: a concurrent load saved it first and showed "You're all set" itself.
    display = count === 1 ? "all_set" : "hidden";
  }

  return {
    steps,
    doneCount,
    totalCount: steps.length,
    isComplete,
    display,
    /** The first step not done yet, where the dashboard points a store with no payments. */
    nextStep: steps.find((step) => !step.isDone)?.id ?? null,
    /** A completed payment exists: the dashboard shows figures instead of a first-steps empty state. */
    hasPayments: payment !== null,
    /** When these steps were read. */
    checkedAt: now,
  };
}

/** Hides the checklist for good; the steps keep being computed for the dashboard's next-step hints. */
export async function dismissOnboarding(merchantId: string, now: Date = new Date()) {
  await db.merchant.updateMany({
    where: { id: merchantId, onboardingDismissedAt: null },
    data: { onboardingDismissedAt: now },
  });
  return { dismissed: true as const };
}

// --- "Put it on your site": the embed script seen on another site --------------------------------------------

// GET /api/button/{id}.js runs at ~15k req/s in the front door (scripts/serve.ts), so the first load from another
// site is recorded without ever waiting on the database: a per-process set of button ids already recorded (or being
// recorded) turns every later load into one Set lookup, and the UPDATE runs in the background with errors only
// logged. Kept on globalThis because the front door and Next's bundle each load this module once per process. The
// UPDATE is conditional (embed_seen_at IS NULL), so another process or a restart writes nothing new; it leaves
// updated_at alone, because the seller did not edit the button.
const MAX_REMEMBERED = 100_000;
const globalForEmbeds = globalThis as typeof globalThis & { popkitEmbedsSeen?: Set<string> };
const seenButtons = () => (globalForEmbeds.popkitEmbedsSeen ??= new Set<string>());

let appOrigin: string | null = null;
function ownOrigin(): string {
  appOrigin ??= new URL(env.APP_URL).origin;
  return appOrigin;
}

/** The origin of a Referer or Origin header, or null for none, "null" or anything unparsable. */
function originOf(header: string): string | null {
  try {
    const origin = new URL(header).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Called for every answer to a known button's embed script with the request's Referer (else Origin) header: the
 * first load from a page whose origin is not APP_URL sets the button's embedSeenAt. Synchronous and O(1) after that
 * first time; never throws. Returns the write when one was started (tests await it; the server does not).
 */
export function noteEmbedScriptLoad(buttonId: string, referrer: string | null | undefined): Promise<void> | null {
  if (!referrer) return null;
  const seen = seenButtons();
  if (seen.has(buttonId)) return null;
  // Our own pages (the test page, previews) without parsing a URL: a Referer is the origin, then "/" or nothing.
  const own = ownOrigin();
  if (referrer.startsWith(own) && (referrer.length === own.length || referrer[own.length] === "/")) return null;
  const origin = originOf(referrer);
  if (origin === null || origin === ownOrigin()) return null;
  // Random ids never get here (the caller passes known buttons only), so this only bounds a huge catalogue.
  if (seen.size >= MAX_REMEMBERED) seen.clear();
  seen.add(buttonId);
  return db.$executeRaw`
      UPDATE payment_buttons SET embed_seen_at = (now() AT TIME ZONE 'UTC')
      WHERE id = ${buttonId} AND embed_seen_at IS NULL`.then(
    () => undefined,
    (error: unknown) => {
      // Forgotten, so a later load tries again.
      seen.delete(buttonId);
      logger.error("embed seen not recorded", { buttonId, ...describeError(error) });
    },
  );
}

/** Tests only: forget which buttons this process has recorded. */
export function forgetSeenEmbeds() {
  seenButtons().clear();
}

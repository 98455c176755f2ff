import type { Prisma } from "~/generated/prisma/client";
import { env } from "~/env";
import { formatMoney } from "~/lib/money";
import { storePageMessages, type UpdateStorePageInput } from "~/schemas/store-page";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import { isUniqueViolation } from "~/server/checkout/seller-paypal";
import { itemNameOf, publicButtonSelect, toPublicButton } from "~/server/checkout/public-button";
import { storeBrandOf, storeBrandSelect } from "~/server/library/library";
import { imageSrcSet } from "~/server/vendors/storage/images";
import { publicFileUrl } from "~/server/vendors/storage/files";

// The store page /s/{handle}: every POP a store chose to list, under its branding, with a cart. This is the
// seller's side (Store Settings' "Store page" card) and what a buyer's page reads; the cart is checkout/cart.ts.

/** The POPs a store page can list: the seller's own one-time buttons, and their sell pages with their bundles. */
const listableButtons = (merchantId: string) =>
  ({
    merchantId,
    buttonType: "manual",
    paymentType: "one_time",
    sellPageId: null,
  }) satisfies Prisma.PaymentButtonWhereInput;

/** A store whose store page is on, by its address; null for any other. */
export function findOpenStore(handle: string) {
  return db.storeSettings.findFirst({
    where: { storeHandle: handle, storePageEnabled: true },
    select: { merchantId: true, merchant: { select: { ...storeBrandSelect, suspendedAt: true } } },
  });
}

/** The buttons a store page sells: its listed, active one-time buttons and the active bundles of its listed pages. */
export const onStorePage = (merchantId: string) =>
  ({
    isActive: true,
    OR: [
      { ...listableButtons(merchantId), storePosition: { not: null } },
      { merchantId, paymentType: "one_time", sellPage: { isActive: true, storePosition: { not: null } } },
    ],
  }) satisfies Prisma.PaymentButtonWhereInput;

export const storePageUrl = (handle: string) => `${env.APP_URL}/s/${handle}`;

/** The card's values: the saved address and switch, the listed POPs in order, and every POP it could list. */
export async function getStorePageSettings(merchantId: string) {
  const [settings, buttons, pages] = await Promise.all([
    db.storeSettings.findUnique({ where: { merchantId }, select: { storeHandle: true, storePageEnabled: true } }),
    db.paymentButton.findMany({
      where: listableButtons(merchantId),
      orderBy: [{ name: "asc" }, { id: "asc" }],
      select: { id: true, name: true, amountMinor: true, currency: true, isActive: true, storePosition: true },
    }),
    db.digitalSellPage.findMany({
      where: { merchantId },
      orderBy: [{ name: "asc" }, { id: "asc" }],
      select: { id: true, name: true, basicPriceMinor: true, currency: true, isActive: true, storePosition: true },
    }),
  ]);
  const choices = [
    ...buttons.map((button) => ({
      kind: "button" as const,
      id: button.id,
      name: button.name,
      detail: `Payment button · ${formatMoney(button.amountMinor, button.currency)}`,
      isActive: button.isActive,
      position: button.storePosition,
    })),
    ...pages.map((page) => ({
      kind: "page" as const,
      id: page.id,
      name: page.name,
      detail: `Sell page · from ${formatMoney(page.basicPriceMinor, page.currency)}`,
      isActive: page.isActive,
      position: page.storePosition,
    })),
  ];
  const listed = choices
    .filter((choice) => choice.position !== null)
    .sort((a, b) => a.position! - b.position!)
    .map(({ kind, id }) => ({ kind, id }));
  return {
    enabled: settings?.storePageEnabled ?? false,
    handle: settings?.storeHandle ?? "",
    items: listed,
    url: settings?.storeHandle ? storePageUrl(settings.storeHandle) : null,
    choices: choices.map(({ position: _position, ...choice }) => choice),
  };
}

/**
 * Saves the card in one transaction: every chosen POP must be the store's own and listable (else nothing is
 * saved), and an address another store holds is refused on the field.
 */
export async function updateStorePage(merchantId: string, input: UpdateStorePageInput) {
  const buttonIds = unique(input.items.filter((item) => item.kind === "button").map((item) => item.id));
  const pageIds = unique(input.items.filter((item) => item.kind === "page").map((item) => item.id));
  try {
    await db.$transaction(async (tx) => {
      const [buttons, pages] = await Promise.all([
        tx.paymentButton.count({ where: { ...listableButtons(merchantId), id: { in: buttonIds } } }),
        tx.digitalSellPage.count({ where: { merchantId, id: { in: pageIds } } }),
      ]);
      if (buttons !== buttonIds.length || pages !== pageIds.length) {
        throw new AppError("NOT_FOUND", storePageMessages.itemsGone, {
          fieldErrors: { items: [storePageMessages.itemsGone] },
        });
      }
      const merchant = await tx.merchant.findUniqueOrThrow({ where: { id: merchantId }, select: { name: true } });
      const fields = { storeHandle: input.handle || null, storePageEnabled: input.enabled };
      await tx.storeSettings.upsert({
        where: { merchantId },
        create: { merchantId, storeName: merchant.name, ...fields },
        update: fields,
      });
      // The whole list is written again: positions follow the seller's order, the rest are taken off the page.
      await tx.paymentButton.updateMany({
        where: { merchantId, storePosition: { not: null }, id: { notIn: buttonIds } },
        data: { storePosition: null },
      });
      await tx.digitalSellPage.updateMany({
        where: { merchantId, storePosition: { not: null }, id: { notIn: pageIds } },
        data: { storePosition: null },
      });
      for (const [position, item] of unique(input.items.map((item) => `${item.kind}:${item.id}`)).entries()) {
        const [kind, id] = item.split(":") as ["button" | "page", string];
        if (kind === "button") await tx.paymentButton.update({ where: { id }, data: { storePosition: position } });
        else await tx.digitalSellPage.update({ where: { id }, data: { storePosition: position } });
      }
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError("CONFLICT", storePageMessages.handleTaken, {
      fieldErrors: { handle: [storePageMessages.handleTaken] },
    });
  }
  return getStorePageSettings(merchantId);
}

const unique = <T>(values: T[]) => [...new Set(values)];

/** A bundle's or a button's line as the store page sells it: what the cart adds, never the button's settings. */
function optionOf(button: Prisma.PaymentButtonGetPayload<{ select: typeof optionSelect }>, label: string) {
  const pub = toPublicButton(button);
  return {
    buttonId: button.id,
    label,
    /** The name the cart, PayPal's window and the receipt give it. */
    cartName: itemNameOf(button),
    amountMinor: button.amountMinor,
    currency: button.currency,
    paypalClientId: button.paypalClientId,
    maxQuantity: pub.maxQuantity,
    stockLeft: pub.stockLeft,
    soldOut: pub.soldOut,
    canTakePayments: pub.canTakePayments,
    ships: pub.ships,
    asksBuyerCountry: pub.asksBuyerCountry,
  };
}

const optionSelect = { ...publicButtonSelect, bundleTier: true } as const;

/** Shown under an item's name on the store page: a few lines, cut at a word. */
function shortDescription(text: string | null): string | null {
  const clean = text?.replace(/\s+/g, " ").trim();
  if (!clean) return null;
  if (clean.length <= 160) return clean;
  return `${clean.slice(0, 160).replace(/\s+\S*$/, "")}…`;
}

/** /s/{handle} as buyers see it, or null when no store has that address or its page is off. */
export async function getPublicStorePage(handle: string) {
  const settings = await findOpenStore(handle);
  if (!settings) return null;
  const { merchantId } = settings;
  const [buttons, pages] = await Promise.all([
    db.paymentButton.findMany({
      where: { ...listableButtons(merchantId), isActive: true, storePosition: { not: null } },
      select: { ...optionSelect, storePosition: true },
    }),
    db.digitalSellPage.findMany({
      where: { merchantId, isActive: true, storePosition: { not: null } },
      select: {
        id: true,
        name: true,
        description: true,
        storePosition: true,
        basicName: true,
        premiumName: true,
        productImage: { select: { key: true } },
        bundleButtons: { where: { isActive: true }, orderBy: { bundleTier: "asc" }, select: optionSelect },
      },
    }),
  ]);
  const items = [
    ...buttons.map((button) => ({
      key: `button:${button.id}`,
      position: button.storePosition!,
      name: button.name,
      description: shortDescription(button.description),
      imageUrl: null,
      imageSrcSet: null,
      pageUrl: null,
      options: [optionOf(button, button.name)],
    })),
    ...pages
      .filter((page) => page.bundleButtons.length > 0)
      .map((page) => ({
        key: `page:${page.id}`,
        position: page.storePosition!,
        name: page.name,
        description: shortDescription(page.description),
        imageUrl: page.productImage ? publicFileUrl(page.productImage.key) : null,
        imageSrcSet: page.productImage ? imageSrcSet(page.productImage.key) : null,
        pageUrl: `/digital-sell/${page.id}`,
        options: page.bundleButtons.map((button) =>
          optionOf(button, (button.bundleTier === "premium" ? page.premiumName : page.basicName) ?? button.name),
        ),
      })),
  ].sort((a, b) => a.position - b.position);
  return {
    handle,
    // Only what the seller entered in Store Settings (a store page exists only once they have saved some).
    store: storeBrandOf(settings.merchant, "public"),
    isSellerSuspended: settings.merchant.suspendedAt !== null,
    items: items.map(({ position: _position, ...item }) => item),
  };
}

export type PublicStorePage = NonNullable<Awaited<ReturnType<typeof getPublicStorePage>>>;
export type StoreItem = PublicStorePage["items"][number];

// A store selling a file through a sell page, and a buyer paying for it through the real checkout endpoints and
// the PayPal sandbox: what the receipt, library and portal tests start from.
import { db } from "~/server/platform/db";
import { createMerchant } from "../factories/merchant";
import { buildSellPageInput } from "../factories/sell-page";
import { connectPayPal } from "../factories/store-settings";
import { createStoredFile } from "../factories/stored-file";
import { unique } from "../factories/unique";
import { buyerApi } from "./buyer-api";
import { merchantCaller } from "./callers";
import { approveOrder, registerWebhook } from "./paypal-sandbox";

export const PRODUCT = "%PDF-1.7\nthe purchased product, byte for byte";

/** "Glaze Studio" with a support address and a sell page with a file; PayPal's webhooks go to `webhookUrl`. */
export async function fileStore({
  storeName = "Glaze Studio",
  webhookUrl,
}: { storeName?: string; webhookUrl?: string } = {}) {
  const merchant = await createMerchant(db);
  const { clientId } = await connectPayPal(db, merchant.id);
  const paypalWebhookId = webhookUrl ? await registerWebhook(clientId, webhookUrl) : undefined;
  const supportEmail = `${unique("help")}@store.example.test`;
  await db.storeSettings.update({
    where: { merchantId: merchant.id },
    data: { storeName, supportEmail, ...(paypalWebhookId && { paypalWebhookId }) },
  });
  const file = await createStoredFile(db, merchant.id, "downloadable_file", { content: PRODUCT });
  const { id: pageId } = await merchantCaller(merchant).pages.sellPages.create(
    buildSellPageInput({ name: "Glaze Recipes", paypalClientId: clientId, downloadableFileId: file.id }),
  );
  const button = await db.paymentButton.findFirstOrThrow({ where: { sellPageId: pageId, bundleTier: "basic" } });
  return { merchant, clientId, button, supportEmail };
}
export type FileStore = Awaited<ReturnType<typeof fileStore>>;

export const buyerEmail = () => `${unique("buyer")}@buyer.example.test`.toLowerCase();

/** `email` buys the store's basic bundle: the payment row, and the thank-you page's download token. */
export async function buyFile(shop: FileStore, email: string) {
  const { orderId } = await buyerApi().createOrder({ buttonId: shop.button.id });
  await approveOrder(orderId, "alex", email);
  const { downloadToken } = await buyerApi().captureOrder({ buttonId: shop.button.id, orderId });
  const payment = await db.transaction.findUniqueOrThrow({ where: { paypalOrderId: orderId } });
  return { ...payment, downloadToken };
}

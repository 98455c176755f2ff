import { browserScript, scriptJson } from "~/embed/payment-button";

// /digital-sell/{id} ships no React or Next runtime to buyers (src/pages/digital-sell/[id].tsx): this script, the
// payment-button loader for its bundles and PayPal's SDK are all the JavaScript a buyer's phone runs. Like the
// loader, `sellPage` is serialised with Function#toString, so it may reference only the browser's globals.

function sellPage(viewUrl: string): void {
  const doc = document;
  const packages = doc.querySelectorAll<HTMLElement>("[data-package]");
  const payments = doc.querySelectorAll<HTMLElement>("[data-payment-for]");

  // SellPageView's markup: packages are radios styled from aria-checked, each with its own payment area.
  function select(tier: string) {
    packages.forEach((option) => option.setAttribute("aria-checked", String(option.dataset.package === tier)));
    payments.forEach((area) => {
      area.hidden = area.dataset.paymentFor !== tier;
    });
  }
  packages.forEach((option) => option.addEventListener("click", () => select(option.dataset.package || "")));

  // Counts this visit for the page's conversion rate. Only browsers that run scripts count, so crawlers and link
  // previews stay out; sendBeacon survives the buyer leaving at once, fetch is the fallback.
  if (!(navigator.sendBeacon && navigator.sendBeacon(viewUrl))) {
    fetch(viewUrl, { method: "POST", keepalive: true }).catch(() => undefined);
  }
}

export function sellPageScript(pageId: string): string {
  return browserScript(
    `(${sellPage.toString()})(${scriptJson(`/api/sell-pages/${encodeURIComponent(pageId)}/view`)});`,
  );
}

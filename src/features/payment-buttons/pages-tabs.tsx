"use client";

import { usePathname, useRouter } from "next/navigation";
import { useState } from "react";
import { Tabs } from "~/components/ui/tabs";
import { EmptyPagesState } from "~/features/payment-buttons/page-card";
import { PaymentButtonList } from "~/features/payment-buttons/payment-button-list";
import type { PageTab } from "~/features/payment-buttons/page-tabs";
import { SellPagesTab } from "~/features/sell-pages/sell-pages-tab";
import { api } from "~/trpc/react";

// The WPS issue replaces this panel with its own list.
function WpsButtonsPanel() {
  return (
    <EmptyPagesState
      title="No WPS Buttons Yet"
      text="Create your first PayPal Website Payments Standard button to get started."
    />
  );
}

function TabLabel({ text, count }: { text: string; count: number | undefined }) {
  return (
    <>
      {text}
      <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs text-gray-700">{count ?? "–"}</span>
    </>
  );
}

/** SPEC 2.6: the three kinds of POP, each with its count; the open tab is kept in ?tab= so it survives reloads. */
export function PagesTabs({ appUrl, initialTab }: { appUrl: string; initialTab: PageTab }) {
  const router = useRouter();
  // Never null in the App Router; typed nullable because src/pages exists.
  const pathname = usePathname() ?? "/dashboard/pages";
  const [tab, setTab] = useState<PageTab>(initialTab);
  const counts = api.pages.counts.useQuery();

  function select(next: PageTab) {
    setTab(next);
    router.replace(next === "payment-buttons" ? pathname : `${pathname}?tab=${next}`, { scroll: false });
  }

  return (
    <Tabs<PageTab>
      label="Checkout page types"
      value={tab}
      onChange={select}
      tabs={[
        {
          value: "payment-buttons",
          label: <TabLabel text="Payment Buttons" count={counts.data?.paymentButtons} />,
          panel: <PaymentButtonList appUrl={appUrl} />,
        },
        {
          value: "digital-sell-pages",
          label: <TabLabel text="Digital Sell Pages" count={counts.data?.digitalSellPages} />,
          panel: <SellPagesTab />,
        },
        {
          value: "wps-buttons",
          label: <TabLabel text="WPS Buttons" count={counts.data?.wpsButtons} />,
          panel: <WpsButtonsPanel />,
        },
      ]}
    />
  );
}

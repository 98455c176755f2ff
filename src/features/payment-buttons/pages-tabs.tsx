"use client";

import { useState } from "react";
import { Tabs } from "~/components/ui/tabs";
import { useUrlQuery } from "~/components/ui/use-url-query";
import { PaymentButtonList } from "~/features/payment-buttons/payment-button-list";
import { pageTabs, type PageTab } from "~/features/payment-buttons/page-tabs";
import { focusPopCard, type PopKind } from "~/features/payment-buttons/pop-links";
import { PopReadyDialog } from "~/features/payment-buttons/pop-ready-dialog";
import type { ListedPop } from "~/features/payment-buttons/pop-status";
import { SellPagesTab } from "~/features/sell-pages/sell-pages-tab";
import { WpsButtonsTab } from "~/features/wps/wps-buttons-tab";
import { enumParam } from "~/lib/search-params";
import { api } from "~/trpc/react";

function TabLabel({ text, count }: { text: string; count: number | undefined }) {
  return (
    <>
      {text}
      <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs text-gray-700">{count ?? "–"}</span>
    </>
  );
}

/**
 * "Your POP is ready" after a create (?created={id}) or a save (?saved={id}) on the create and edit screens; the
 * parameter goes when the dialog closes, so Back or a reload does not open it again.
 */
function ReadyDialogFromUrl({ appUrl, kind }: { appUrl: string; kind: PopKind }) {
  const url = useUrlQuery();
  const createdId = url.get("created");
  const id = createdId ?? url.get("saved");
  const buttons = api.pages.buttons.list.useQuery(undefined, { enabled: id !== null && kind === "payment-button" });
  const pages = api.pages.sellPages.list.useQuery(undefined, { enabled: id !== null && kind === "sell-page" });
  const list: ListedPop[] | undefined = kind === "payment-button" ? buttons.data : pages.data;
  const pop = id === null ? undefined : list?.find((item) => item.id === id);
  // Keeps the dialog's content while it closes (the parameter, and so `pop`, is gone by then).
  const [shown, setShown] = useState<{ pop: ListedPop; mode: "created" | "saved" } | null>(null);
  const mode = createdId ? "created" : "saved";
  if (pop && (shown?.pop !== pop || shown.mode !== mode)) setShown({ pop, mode });

  if (!shown) return null;
  return (
    <PopReadyDialog
      open={pop !== undefined}
      kind={kind}
      pop={shown.pop}
      mode={shown.mode}
      appUrl={appUrl}
      // Not a navigation: replaceState updates the URL (and useSearchParams) without asking the server again.
      onClose={() => window.history.replaceState(null, "", url.hrefWith({ created: null, saved: null }))}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        focusPopCard(shown.pop.id);
      }}
    />
  );
}

/**
 * The three kinds of POP, each with its count. The open tab, the search and the status filter live in
 * the URL (?tab=, ?q=, ?status=), so a view survives reloads and can be shared.
 */
export function PagesTabs({ appUrl }: { appUrl: string }) {
  const url = useUrlQuery();
  const tab: PageTab = enumParam(url.get("tab") ?? undefined, pageTabs) ?? "payment-buttons";
  const counts = api.pages.counts.useQuery();

  function select(next: PageTab) {
    // Arrow keys move between tabs, so each change replaces the entry instead of filling the history.
    window.history.replaceState(null, "", url.hrefWith({ tab: next === "payment-buttons" ? null : next }));
  }

  return (
    <>
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
            panel: <SellPagesTab appUrl={appUrl} />,
          },
          {
            value: "wps-buttons",
            label: <TabLabel text="WPS Buttons" count={counts.data?.wpsButtons} />,
            panel: <WpsButtonsTab appUrl={appUrl} />,
          },
        ]}
      />
      {tab !== "wps-buttons" && (
        <ReadyDialogFromUrl
          key={tab}
          appUrl={appUrl}
          kind={tab === "payment-buttons" ? "payment-button" : "sell-page"}
        />
      )}
    </>
  );
}

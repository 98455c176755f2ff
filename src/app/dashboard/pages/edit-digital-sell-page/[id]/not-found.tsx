import { PopNotFound } from "~/features/payment-buttons/page-load-status";

export default function SellPageNotFound() {
  return (
    <PopNotFound
      title="Error Loading Page"
      message="Digital sell page not found"
      returnHref="/dashboard/pages?tab=digital-sell-pages"
    />
  );
}

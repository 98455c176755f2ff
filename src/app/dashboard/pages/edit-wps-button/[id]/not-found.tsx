import { PopNotFound } from "~/features/payment-buttons/page-load-status";

export default function WpsButtonNotFound() {
  return (
    <PopNotFound
      title="Error Loading Button"
      message="WPS button not found"
      returnHref="/dashboard/pages?tab=wps-buttons"
    />
  );
}

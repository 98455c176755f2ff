import { ReturnHomeButton, StatusScreen } from "~/components/route-states/status-screen";

/** The fallback for an unknown or inactive product, answered with status 404. */
export default function ProductNotFound() {
  return (
    <StatusScreen title="Product Not Found" actions={<ReturnHomeButton />}>
      <p>This product does not exist or is no longer available.</p>
    </StatusScreen>
  );
}

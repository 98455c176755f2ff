import { ReturnHomeButton, StatusScreen } from "~/components/route-states/status-screen";

/** An address no store has, or a store page its seller turned off, answered with status 404. */
export default function StoreNotFound() {
  return (
    <StatusScreen title="Store Not Found" actions={<ReturnHomeButton />}>
      <p>This store does not exist or its page is not open.</p>
    </StatusScreen>
  );
}

"use client";

import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { api, userMessageOf } from "~/trpc/react";

/** Queues a "test.ping" to the store URL and follows its first attempt until the URL answered. */
export function TestEventButton() {
  const [deliveryId, setDeliveryId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = api.merchant.webhooks.sendTestEvent.useMutation();
  const delivery = api.merchant.webhooks.getDelivery.useQuery(
    { id: deliveryId ?? "" },
    {
      enabled: deliveryId !== null,
      // Until the first attempt is in: the worker picks a queued delivery up within a few seconds.
      refetchInterval: (query) => (query.state.data && query.state.data.attempts > 0 ? false : 1000),
    },
  );

  async function sendTest() {
    setError(null);
    setDeliveryId(null);
    try {
      setDeliveryId((await send.mutateAsync()).id);
    } catch (caught) {
      setError(userMessageOf(caught, "Failed to send a test event. Please try again."));
    }
  }

  const result = delivery.data;
  const isWaiting = send.isPending || (deliveryId !== null && (!result || result.attempts === 0));
  return (
    <>
      <Button variant="secondary" disabled={isWaiting} onClick={() => void sendTest()}>
        {isWaiting ? "Sending test event..." : "Send test event"}
      </Button>
      <div className="basis-full empty:hidden" aria-live="polite">
        {error && <Alert>{error}</Alert>}
        {result && result.attempts > 0 && (
          <Alert tone={result.state === "succeeded" ? "success" : "error"}>
            {result.state === "succeeded"
              ? `Test event delivered: your URL answered HTTP ${result.lastStatusCode}.`
              : `Test event not delivered: ${result.lastError ?? "no answer"}. It will be retried; see the delivery log.`}
          </Alert>
        )}
      </div>
    </>
  );
}

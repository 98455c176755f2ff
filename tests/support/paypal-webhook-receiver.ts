// The app's PayPal webhook endpoint on a local port, for integration tests: each delivery (bytes and headers
// untouched) goes to the route handler, and then, as the "paypal.event" worker would, the stored event's job
// runs in-process, so a delivery answered 200 has been applied. Deliveries are kept, to send one again.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { POST } from "~/app/api/paypal/webhook/route";
import { db } from "~/server/platform/db";
import { processPayPalEvent } from "~/server/payments/paypal-events";

export type Delivery = { body: string; headers: Headers };

/** The route, then the stored event's job (a failing job is the queue's to retry: PayPal already has its 200). */
export async function deliver(delivery: Delivery) {
  const response = await POST(
    new Request("http://localhost/api/paypal/webhook", {
      method: "POST",
      headers: delivery.headers,
      body: delivery.body,
    }),
  );
  const eventId = (JSON.parse(delivery.body.startsWith("{") ? delivery.body : "{}") as { id?: string }).id;
  const stored = eventId ? await db.payPalEvent.findUnique({ where: { eventId } }) : null;
  if (response.status === 200 && stored) await processPayPalEvent(stored.id).catch(() => {});
  return response;
}

export async function startWebhookReceiver() {
  const received: Delivery[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const headers = new Headers();
      for (const [key, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(key, value);
      const delivery = { body: Buffer.concat(chunks).toString("utf8"), headers };
      received.push(delivery);
      void deliver(delivery).then(async (response) => {
        res.writeHead(response.status, { "content-type": "application/json" });
        res.end(await response.text());
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/paypal/webhook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

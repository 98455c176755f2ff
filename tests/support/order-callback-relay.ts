// The app's PayPal order-update callback on a local port, for integration tests: PayPal's sandbox calls it as
// PayPal calls ours, and each call goes to the route handler untouched (its query string holds the order's secret).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { POST } from "~/app/api/paypal/order-callback/route";

export async function startOrderCallbackRelay() {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = new Request(`http://localhost${req.url ?? "/"}`, {
        method: "POST",
        headers: { "content-type": req.headers["content-type"] ?? "application/json" },
        body: Buffer.concat(chunks),
      });
      void POST(request).then(async (response) => {
        res.writeHead(response.status, { "content-type": "application/json" });
        res.end(await response.text());
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// A buyer paying a WPS button in the run's PayPal sandbox, and a small server standing in for the IPN listeners:
// the sandbox shows the pay page, sends IPN to the form's notify_url (here this server, which keeps each body's
// bytes) and answers VERIFIED only for bodies it sent.
import { createServer } from "node:http";
import { env } from "~/env";
import type { WpsButton } from "~/generated/prisma/client";
import { getWpsEmbed } from "~/server/wps/buttons";

export type IpnDelivery = { body: Buffer; contentType: string | null };

export interface IpnListener {
  /** http://127.0.0.1:{port}: IPN goes to /ipn, a merchant's own listener is /merchant-ipn. */
  url: string;
  /** What the sandbox sent to /ipn (and any other path but /merchant-ipn). */
  delivered: IpnDelivery[];
  /** Copies forwarded to /merchant-ipn, a merchant's own notify URL. */
  forwarded: IpnDelivery[];
  /** The last IPN the sandbox delivered since `before` (a length of `delivered`). */
  lastIpn(before: number): IpnDelivery;
  close(): Promise<void>;
}

export async function startIpnListener(): Promise<IpnListener> {
  const delivered: IpnDelivery[] = [];
  const forwarded: IpnDelivery[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const delivery = { body: Buffer.concat(chunks), contentType: req.headers["content-type"] ?? null };
      (req.url === "/merchant-ipn" ? forwarded : delivered).push(delivery);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    delivered,
    forwarded,
    lastIpn(before) {
      const ipn = delivered[delivered.length - 1];
      if (delivered.length <= before || !ipn) throw new Error("the sandbox sent no IPN");
      return ipn;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const sandboxBase = () => process.env.PAYPAL_API_BASE_SANDBOX!.replace(/\/+$/, "");

/** The sandbox's WPS controls: "account" settings, "complete" a pending payment, "refund" one. */
export async function sandboxWpsControl(path: string, body: Record<string, unknown>) {
  const response = await fetch(`${sandboxBase()}/__sandbox/wps/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

/**
 * A buyer pays through the button's generated form (changed by `form`, as a tampering seller page could) in the
 * sandbox, which sends its IPN to `listener`. Returns PayPal's tx (from the return redirect) and the IPN it sent.
 */
export async function payWithSandbox(
  listener: IpnListener,
  button: WpsButton,
  options: { buyer?: string; os0?: string; quantity?: string; form?: Record<string, string> } = {},
) {
  const embed = await getWpsEmbed(button.id);
  const fields = { ...Object.fromEntries(embed!.fields), notify_url: `${listener.url}/ipn`, ...options.form };
  const page = await fetch(env.PAYPAL_WPS_URL_SANDBOX, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  const html = await page.text();
  const session = /name="session" value="([^"]+)"/.exec(html)?.[1];
  if (!session) throw new Error(`no pay page: ${page.status} ${html.slice(0, 300)}`);
  const before = listener.delivered.length;
  const paid = await fetch(`${sandboxBase()}/__sandbox/wps/pay`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      session,
      buyer: options.buyer ?? "alex",
      action: "pay",
      ...(options.os0 && { os0: options.os0 }),
      ...(options.quantity && { quantity: options.quantity }),
    }).toString(),
    redirect: "manual",
  });
  const location = paid.headers.get("location") ?? "";
  const returned = new URL(location, "http://x").searchParams;
  return { tx: returned.get("tx") ?? "", cm: returned.get("cm") ?? "", ipn: listener.lastIpn(before) };
}

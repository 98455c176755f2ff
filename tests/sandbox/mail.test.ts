import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import { afterAll, describe, expect, it } from "vitest";
import { type SandboxMail, startMailSandbox } from "../../sandbox/mail";

// The local mail sandbox speaks real SMTP (what nodemailer sends to a provider) and shows what it received.
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function send(smtpUrl: string, to: string, subject: string) {
  const transport = nodemailer.createTransport(smtpUrl);
  await transport.sendMail({
    from: "Popkit <no-reply@popkit.local>",
    to,
    subject,
    text: "Plain part",
    html: "<p>HTML <a href='https://example.test/x'>part</a></p>",
  });
  transport.close();
}

const inbox = async (url: string, to: string) =>
  (await (await fetch(`${url}/messages?to=${encodeURIComponent(to)}`)).json()) as SandboxMail[];

describe("mail sandbox", () => {
  it("receives SMTP mail, parses both parts and lists it per recipient, newest first", async () => {
    const mail = await startMailSandbox();
    try {
      await send(mail.smtpUrl, "Buyer@Example.test", "First");
      await send(mail.smtpUrl, "buyer@example.test", "Second");
      await send(mail.smtpUrl, "someone-else@example.test", "Not yours");
      const received = await inbox(mail.inboxUrl, "buyer@example.test");
      expect(received.map((m) => m.subject)).toEqual(["Second", "First"]);
      expect(received[0]).toMatchObject({ to: ["buyer@example.test"], text: "Plain part" });
      expect(received[0]!.html).toContain("<a href='https://example.test/x'>part</a>");

      const page = await (await fetch(`${mail.inboxUrl}/messages/${received[0]!.id}`)).text();
      expect(page).toContain("HTML");
      const list = await (await fetch(`${mail.inboxUrl}/?to=buyer@example.test`)).text();
      expect(list).toContain("Second");
      expect(list).not.toContain("Not yours");
    } finally {
      await mail.close();
    }
  });

  it("refuses a recipient with a temporary error during an outage, then accepts it again", async () => {
    const mail = await startMailSandbox();
    try {
      await fetch(`${mail.inboxUrl}/unavailable?to=down@example.test`, { method: "PUT" });
      await expect(send(mail.smtpUrl, "down@example.test", "Lost?")).rejects.toMatchObject({ responseCode: 451 });
      await fetch(`${mail.inboxUrl}/unavailable?to=down@example.test`, { method: "DELETE" });
      await send(mail.smtpUrl, "down@example.test", "Delivered");
      expect((await inbox(mail.inboxUrl, "down@example.test")).map((m) => m.subject)).toEqual(["Delivered"]);
    } finally {
      await mail.close();
    }
  });

  it("keeps mail across restarts in its data directory", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "mail-sandbox-"));
    dirs.push(dataDir);
    const first = await startMailSandbox({ dataDir });
    await send(first.smtpUrl, "kept@example.test", "Still here");
    await first.close();
    const second = await startMailSandbox({ dataDir });
    try {
      expect((await inbox(second.inboxUrl, "kept@example.test")).map((m) => m.subject)).toEqual(["Still here"]);
    } finally {
      await second.close();
    }
  });
});

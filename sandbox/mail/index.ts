// The local mail sandbox: an SMTP server the app sends to in the demo and in tests, and an inbox on
// HTTP that lists what arrived: an HTML page for people, JSON for tests. Dev, demo and tests only.
import { randomUUID } from "node:crypto";
import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface SandboxMail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

export interface RunningMailSandbox {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  smtpUrl: string;
  /** http://127.0.0.1:<port>, the inbox page (JSON at /messages). */
  inboxUrl: string;
  close(): Promise<void>;
}

// The demo keeps a few weeks of mail; the oldest goes first.
const KEPT_MESSAGES = 1000;

/** Starts the SMTP server and its inbox. With a dataDir, mail survives restarts (appended, never rewritten). */
export async function startMailSandbox(opts: { dataDir?: string } = {}): Promise<RunningMailSandbox> {
  const logFile = opts.dataDir && path.join(opts.dataDir, "messages.jsonl");
  const messages: SandboxMail[] = logFile && existsSync(logFile) ? readLog(logFile) : [];
  // Recipients the server refuses for now with a temporary error (451), as a provider does during an outage.
  const unavailable = new Set<string>();

  function keep(mail: SandboxMail) {
    messages.push(mail);
    if (messages.length > KEPT_MESSAGES) messages.splice(0, messages.length - KEPT_MESSAGES);
    if (logFile) {
      mkdirSync(path.dirname(logFile), { recursive: true });
      appendFileSync(logFile, `${JSON.stringify(mail)}\n`);
    }
  }

  const smtp = new SMTPServer({
    authOptional: true,
    // smtp-server's built-in certificate has expired (TOOLCHAIN.md): plain SMTP on loopback only.
    disabledCommands: ["STARTTLS", "AUTH"],
    size: 10 * 1024 * 1024,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!unavailable.has(address.address.toLowerCase())) return callback();
      callback(Object.assign(new Error("Mailbox temporarily unavailable, try again later"), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          keep({
            id: randomUUID(),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            receivedAt: new Date().toISOString(),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once("error", reject);
    smtp.listen(0, "127.0.0.1", () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const inbox = createServer((req, res) => handleInbox(req, res, messages, unavailable));
  await new Promise<void>((resolve) => inbox.listen(0, "127.0.0.1", resolve));
  const inboxPort = (inbox.address() as AddressInfo).port;

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    inboxUrl: `http://127.0.0.1:${inboxPort}`,
    async close() {
      await Promise.all([new Promise<void>((resolve) => smtp.close(() => resolve())), closeServer(inbox)]);
    },
  };
}

function readLog(file: string): SandboxMail[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as SandboxMail];
      } catch {
        return []; // a line cut short by a crash
      }
    })
    .slice(-KEPT_MESSAGES);
}

function handleInbox(req: IncomingMessage, res: ServerResponse, messages: SandboxMail[], unavailable: Set<string>) {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const to = url.searchParams.get("to")?.toLowerCase();
  const listed = messages.filter((mail) => !to || mail.to.includes(to)).reverse();

  // Tests: PUT /unavailable?to=x makes the server refuse mail to x for now; DELETE lets it through again.
  if (url.pathname === "/unavailable" && to && (req.method === "PUT" || req.method === "DELETE")) {
    if (req.method === "PUT") unavailable.add(to);
    else unavailable.delete(to);
    res.writeHead(204).end();
    return;
  }

  if (url.pathname === "/messages" && req.method === "DELETE") {
    messages.splice(0, messages.length);
    res.writeHead(204).end();
    return;
  }
  if (url.pathname === "/messages" && req.method === "GET") {
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(listed));
    return;
  }
  const single = /^\/messages\/([0-9a-f-]{36})$/.exec(url.pathname);
  if (single && req.method === "GET") {
    const mail = messages.find((candidate) => candidate.id === single[1]);
    if (!mail) {
      res.writeHead(404, { "content-type": "text/plain" }).end("No such message");
      return;
    }
    // The mail's own HTML as the page, so its links can be followed; no scripts run in it.
    res
      .writeHead(200, {
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": "default-src 'none'; img-src * data:; style-src 'unsafe-inline'",
      })
      .end(mail.html || `<pre>${escapeHtml(mail.text)}</pre>`);
    return;
  }
  if (url.pathname === "/" && req.method === "GET") {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(inboxPage(listed, to));
    return;
  }
  res.writeHead(404, { "content-type": "text/plain" }).end("Not found");
}

function inboxPage(listed: SandboxMail[], to: string | undefined): string {
  const rows = listed
    .map(
      (mail) => `<tr><td>${escapeHtml(new Date(mail.receivedAt).toLocaleString("en-US"))}</td>
<td>${escapeHtml(mail.to.join(", "))}</td>
<td><a href="/messages/${mail.id}">${escapeHtml(mail.subject || "(no subject)")}</a></td></tr>`,
    )
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local inbox</title>
<style>body{font:15px system-ui,sans-serif;margin:2rem;color:#111}table{border-collapse:collapse;width:100%}
td,th{text-align:left;padding:.5rem;border-bottom:1px solid #ddd}a{color:#1d4ed8}</style></head><body>
<h1>Local inbox</h1><p>Every e-mail Popkit sent while running locally${to ? ` to ${escapeHtml(to)}` : ""}; nothing here left this machine.</p>
${listed.length === 0 ? "<p>No e-mail yet.</p>" : `<table><thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`}
</body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

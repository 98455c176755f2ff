import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import "~/styles/globals.css";

export const metadata: Metadata = {
  title: "Popkit: PayPal checkout buttons and digital sell pages",
  description: "Create PayPal payment buttons and digital product pages in minutes. No code.",
  icons: { icon: "/favicon.svg" },
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered per request: Next stamps its scripts with that response's CSP nonce (src/proxy.ts), and a
  // page prerendered at build time would carry none, so the browser would refuse to run it.
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen bg-gray-50 font-sans text-gray-900 antialiased">{children}</body>
    </html>
  );
}

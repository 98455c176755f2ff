import type { Metadata } from "next";
import type { ReactNode } from "react";
import "~/styles/globals.css";

export const metadata: Metadata = {
  title: "Popkit: PayPal checkout buttons and digital sell pages",
  description: "Create PayPal payment buttons and digital product pages in minutes. No code.",
  icons: { icon: "/favicon.svg" },
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-gray-50 font-sans text-gray-900 antialiased">{children}</body>
    </html>
  );
}

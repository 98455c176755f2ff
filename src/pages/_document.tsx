import { Head, Html, Main, NextScript } from "next/document";

/** The same document shell as src/app/layout.tsx. */
export default function Document() {
  return (
    <Html lang="en">
      <Head>
        <link rel="icon" href="/favicon.svg" />
      </Head>
      <body className="min-h-screen bg-gray-50 font-sans text-gray-900 antialiased">
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}

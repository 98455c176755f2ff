import { requestNonce } from "~/server/platform/security-headers";
import Document, { Head, Html, Main, NextScript, type DocumentContext, type DocumentInitialProps } from "next/document";

type Props = DocumentInitialProps & { nonce?: string };

/**
 * The same document shell as src/app/layout.tsx. Next's own scripts carry the response's CSP nonce (src/proxy.ts
 * sets x-nonce): the sell page ships none in production, but `next dev` hydrates it.
 */
export default class AppDocument extends Document<Props> {
  static async getInitialProps(context: DocumentContext): Promise<Props> {
    const initialProps = await Document.getInitialProps(context);
    return { ...initialProps, nonce: requestNonce(context.req?.headers["x-nonce"]) || undefined };
  }

  render() {
    const { nonce } = this.props;
    return (
      <Html lang="en">
        <Head nonce={nonce}>
          <link rel="icon" href="/favicon.svg" />
        </Head>
        <body className="min-h-screen bg-gray-50 font-sans text-gray-900 antialiased">
          <Main />
          <NextScript nonce={nonce} />
        </body>
      </Html>
    );
  }
}

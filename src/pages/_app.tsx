import type { AppProps } from "next/app";
import "~/styles/globals.css";

/** The Pages Router serves only /digital-sell/{id} (see digital-sell/[id].tsx); everything else is in src/app. */
export default function App({ Component, pageProps }: AppProps) {
  return <Component {...pageProps} />;
}

import "./src/env.js";

/** @type {import("next").NextConfig} */
const config = {
  // NEXT_DIST_DIR lets parallel checkouts of work build side by side without overwriting each other.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  reactStrictMode: true,
  poweredByHeader: false,
  // Native and WASM packages must load from node_modules at run time, not be bundled.
  serverExternalPackages: ["@node-rs/argon2", "@electric-sql/pglite", "@prisma/adapter-pg", "pg", "pg-boss"],
  // The security headers that never depend on the request. Pages get theirs (the CSP with its nonce, framing, HSTS)
  // from src/proxy.ts, through src/server/platform/security-headers.ts.
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          // Nothing here uses camera, microphone or location; PayPal's frames keep the Payment Request API.
          {
            key: "Permissions-Policy",
            value:
              'camera=(), microphone=(), geolocation=(), payment=(self "https://www.paypal.com" "https://www.sandbox.paypal.com")',
          },
        ],
      },
      {
        // API answers are data (JSON, scripts, CSV, redirects): they load nothing and nobody frames them. The few
        // small HTML answers (a refused download) style themselves inline. The embed scripts still run on any site:
        // a policy on a script's response does not apply to the page running it.
        source: "/api/:path*",
        headers: [
          {
            key: "Content-Security-Policy",
            value:
              "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
          },
          { key: "X-Frame-Options", value: "DENY" },
        ],
      },
      {
        // A download's address carries its token; the route says so too, but Next keeps the first rule's value
        // for a key this file already set, so the stricter policy has to come from here, after the general one.
        source: "/api/download/:path*",
        headers: [{ key: "Referrer-Policy", value: "no-referrer" }],
      },
    ];
  },
};

export default config;

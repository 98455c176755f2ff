import "./src/env.js";

/** @type {import("next").NextConfig} */
const config = {
  // NEXT_DIST_DIR lets parallel checkouts of work build side by side without overwriting each other.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  reactStrictMode: true,
  poweredByHeader: false,
  // Native and WASM packages must load from node_modules at run time, not be bundled.
  serverExternalPackages: ["@node-rs/argon2", "@electric-sql/pglite", "@prisma/adapter-pg", "pg", "pg-boss"],
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
        ],
      },
    ];
  },
};

export default config;

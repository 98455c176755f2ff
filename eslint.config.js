import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const serverImportsClient = {
  group: ["~/features/*", "~/components/*", "~/app/*", "~/pages/*"],
  message: "Server code does not import client code; move what both need to src/lib or src/schemas.",
};

export default [
  {
    ignores: [
      ".next/**",
      ".next-*/**",
      ".data/**",
      "node_modules/**",
      "src/generated/**",
      "test-results/**",
      "next-env.d.ts",
      // Written and removed again by scripts/bench/embed.ts while it runs.
      "public/bench-embed-static-*.js",
    ],
  },
  ...nextVitals,
  ...nextTypescript,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // Client code (components, features, the browser tRPC client) must never pull server modules into a bundle.
    // This rule is that guard, not `import "server-only"`: the Pages Router page (src/pages) renders from the
    // services, and Next refuses any module marked server-only there.
    files: [
      "src/components/**",
      "src/features/**",
      "src/embed/**",
      "src/trpc/react.tsx",
      "src/lib/**",
      "src/schemas/**",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/server/*"],
              allowTypeImports: true,
              message: "Server code stays on the server; call it through tRPC.",
            },
            { group: ["~/generated/*"], message: "Use RouterOutputs types instead of Prisma types in client code." },
          ],
        },
      ],
    },
  },
  {
    // The other direction: server code never reaches into the UI, whose modules may import the server's types
    // and would close a loop. What both sides need (pure helpers, schemas) lives in src/lib or src/schemas.
    files: ["src/server/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [serverImportsClient] }] },
  },
  {
    // The queue and e-mail are infrastructure every domain uses to enqueue and record mail: importing a domain
    // back would close a cycle. Domains hand them their handlers and templates (src/server/job-handlers.ts).
    files: ["src/server/jobs/**", "src/server/email/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            serverImportsClient,
            {
              group: [
                "~/server/*",
                "!~/server/platform",
                "!~/server/jobs",
                "!~/server/email",
                "!~/server/vendors",
                "~/server/vendors/*",
                "!~/server/vendors/email",
              ],
              message: "jobs/ and email/ import no domain: the domain passes what they need.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["scripts/**", "tests/**", "sandbox/**", "prisma/**", "*.config.*"],
    rules: { "import/no-anonymous-default-export": "off" },
  },
];

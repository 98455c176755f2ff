import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

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
    files: ["src/components/**", "src/features/**", "src/trpc/react.tsx", "src/lib/**", "src/schemas/**"],
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
    files: ["scripts/**", "tests/**", "sandbox/**", "prisma/**", "*.config.*"],
    rules: { "import/no-anonymous-default-export": "off" },
  },
];

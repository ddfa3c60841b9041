// @ts-check
import eslint from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["out/", "node_modules/", "*.vsix", "e2e/node_modules/", "e2e/screenshots/"] },
  eslint.configs.recommended,
  // Type-aware rules catch floating promises, which VS Code silently swallows.
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ["eslint.config.mjs", "e2e/*.mjs"] }, tsconfigRootDir: import.meta.dirname },
    },
  },
  { files: ["eslint.config.mjs"], ...tseslint.configs.disableTypeChecked },
  // The end-to-end driver is plain Node JavaScript (no types to check against).
  {
    files: ["e2e/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { process: "readonly", document: "readonly" } },
  },
  {
    // node:test's test() returns a promise that the runner itself awaits.
    files: ["test/**/*.ts"],
    rules: {
      "@typescript-eslint/no-floating-promises": [
        "error",
        { allowForKnownSafeCalls: [{ from: "package", package: "node:test", name: ["test", "describe"] }] },
      ],
    },
  },
);

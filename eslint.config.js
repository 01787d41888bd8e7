// ESLint for the scripts (static/js: native ES modules, no build step) and the service worker's template
// is left out (templates/offline/sw.js holds Django tags). `make lint` runs it with no warning allowed.
import js from "@eslint/js";
import globals from "globals";

export default [
  {ignores: [".venv/", "node_modules/", "staticfiles/", "artifacts/", "build/", "test-results/", "templates/"]},
  js.configs.recommended,
  {
    files: ["static/js/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: {
        ...globals.browser,
        // Django's JavaScriptCatalog (views/script_words.py), a classic script base.html loads first.
        gettext: "readonly", ngettext: "readonly", interpolate: "readonly",
      },
    },
  },
  {
    files: ["eslint.config.js"],
    languageOptions: {sourceType: "module", globals: globals.node},
  },
];

import { constants as zlib } from "node:zlib"
import { tanstackRouter } from "@tanstack/router-plugin/vite"
import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"
import { compression } from "vite-plugin-compression2"
import { VitePWA } from "vite-plugin-pwa"

export default defineConfig({
  plugins: [
    // The router plugin must run before react() so split route chunks are transformed too.
    tanstackRouter({ target: "react", autoCodeSplitting: true }),
    react(),
    VitePWA({
      registerType: "prompt",
      includeAssets: ["favicon.svg", "apple-touch-icon.png"],
      manifest: {
        name: "Sillon",
        short_name: "Sillon",
        description: "Machines, parcelles et CUMA : suivi des machines, activités, planning et entretien.",
        lang: "fr",
        dir: "ltr",
        start_url: "/",
        scope: "/",
        display: "standalone",
        background_color: "#f8f9fa",
        theme_color: "#374b41",
        icons: [
          { src: "/pwa-192x192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/pwa-512x512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/maskable-512x512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      workbox: {
        globPatterns: ["**/*.{js,mjs,css,html,svg,png,ico,webmanifest}"],
        navigateFallback: "/index.html",
        // The API answers for itself: never hand it the app shell, online or off.
        navigateFallbackDenylist: [/^\/api\//],
      },
    }),
    // Each text file also as .br (brotli at its best) and .gz beside it, made once here rather
    // than by the server on every start: server/http/static.ts sends the one the browser accepts.
    compression({
      algorithms: [
        ["brotliCompress", { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }],
        ["gzip", { level: 9 }],
      ],
      include: /\.(html|css|js|mjs|json|webmanifest|svg|txt|wasm)$/,
      threshold: 1024,
      logLevel: "silent",
    }),
  ],
  build: {
    // The map screens' chunk (maplibre-gl and terra-draw, about 1.2 MB minified, 310 kB gzip) is the
    // only one over Vite's 500 kB: one library, loaded only when a map opens and never on a first
    // visit (`npm run bench` holds /signin and /home to their budgets), so splitting it would only
    // add requests to those screens. The limit sits just above it: any other chunk that grows
    // past it is still reported.
    chunkSizeWarningLimit: 1300,
    rolldownOptions: {
      // Rolldown reports plugins that take long; compressing every file at brotli's best level
      // (the compression plugin above, about 8 s) always does, by choice: not a fault to print.
      checks: { bundlerTimings: false },
      onLog(level, log, handler) {
        // @mantine/schedule reads `rrule` as `"default" in rruleAll ? rruleAll.default.RRule :
        // rruleAll.RRule`, a guard for CommonJS builds: rrule's ES build has no default export, so
        // the bundler says the guarded branch reads undefined, which it never does. Only this one.
        if (
          log.code === "IMPORT_IS_UNDEFINED" &&
          log.id?.includes("@mantine/schedule") &&
          log.message.includes("rrule")
        )
          return
        handler(level, log)
      },
      output: {
        codeSplitting: {
          groups: [
            // What index.html starts (React, the router and its route tree, Mantine's provider):
            // one file rather than a dozen, which compresses better.
            { name: "app", tags: ["$initial"] },
            // Mantine's core and the components a form is made of, shared by nearly every screen:
            // one file (15 kB gzip) instead of some twenty small ones, each with its own overhead.
            {
              name: "forms",
              test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/](core|components[\\/](Anchor|ActionIcon|Alert|Box|Button|Center|Checkbox|CloseButton|Combobox[\\/]ComboboxChevron|Group|InlineInput|Input|InputBase|Loader|NativeSelect|Paper|PasswordInput|Stack|Text|TextInput|Title|UnstyledButton)[\\/])/,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { "/api": "http://127.0.0.1:8080" } },
  preview: { proxy: { "/api": "http://127.0.0.1:8080" } },
})

import { availableParallelism } from "node:os"
import { defineConfig } from "vitest/config"

/**
 * Three projects: `unit` (schema, statecharts, services, components in happy-dom),
 * `api` (the HTTP server against PGlite and the PostgreSQL server of TEST_DATABASE_URL),
 * `e2e` (Playwright journeys in Debian's Chromium against the built app).
 */
export default defineConfig({
  test: {
    // Vitest's default leaves a core to the machine: one worker on a 2-core machine (CI's kind),
    // where the API tests wait on the database as much as they compute. Two workers there: unit
    // 174 → 112 s, API 495 → 339 s. The browser journeys too: each file starts its own server and
    // browser, and waits on them as much as it computes (sequential 967 s on CI → 345 s here).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
          environment: "happy-dom",
          setupFiles: ["./src/test-setup.ts"],
          // Rendering Mantine screens in happy-dom takes seconds when the machine is loaded.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "api",
          include: ["server/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
})

import { availableParallelism } from "node:os"
import { configDefaults, defineConfig } from "vitest/config"

const unitFiles = ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"]
const mockingModules = ["src/services/lazy.test.ts", "src/views/session/signInLanding.test.tsx"]
const unit = {
  environment: "happy-dom",
  setupFiles: ["./src/test-setup.ts"],
  // Rendering Mantine screens in happy-dom takes seconds when the machine is loaded.
  testTimeout: 30_000,
  // Globals a test stubs are put back after it, whatever file runs next.
  unstubGlobals: true,
}

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
          ...unit,
          name: "unit",
          include: unitFiles,
          setupFiles: [...unit.setupFiles, "./src/test-preload.ts"],
          exclude: [...configDefaults.exclude, ...mockingModules],
          // One module graph per worker rather than per file: importing React, Mantine and the
          // dictionaries again for each file was most of the time (193 → 93 s). The set-up file
          // cleans what a file leaves behind (rendered trees, storage, notifications).
          isolate: false,
        },
      },
      {
        // Files that replace a module (`vi.mock`) need a module graph of their own.
        test: { ...unit, name: "unit-isolated", include: mockingModules },
      },
      {
        test: {
          name: "api",
          include: ["server/**/*.test.ts"],
          environment: "node",
          // As for the unit tests, one module graph per worker: importing Effect, the platform and
          // the server again per file cost 200 s of the run's 1,356 (CPU time over both workers).
          isolate: false,
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
          // `expect.poll` waits for what the server or the page does next: a second (Vitest's
          // default) is not enough on a loaded machine, where a save can take several.
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
})

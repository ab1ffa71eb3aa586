// Every service module, loaded once per worker before any test (the `unit` project shares one
// module graph per worker). A screen's call that a test leaves running when it ends downloads its
// domain's module on demand (src/services/lazyModule.ts); on a cold, loaded machine that import
// could land after the worker's environment was torn down, failing the whole run.
await Promise.all(
  Object.values(import.meta.glob(["./services/*.ts", "!./services/*.test.ts"])).map((load) => load()),
)

import { errorParams } from "../lib/kit"

/**
 * How an admin list's first load can fail, the same on every admin screen: the caller is not a
 * platform administrator (the `forbidden` state), or the server cannot be reached (`failed`).
 * The machine using it names a `forbidden` guard and an `assignError` action.
 */
export const adminLoadErrors = [
  {
    description: "The caller is not an administrator.",
    guard: { type: "forbidden" as const, params: errorParams },
    target: "forbidden",
  },
  {
    description: "Unreachable.",
    target: "failed",
    actions: { type: "assignError" as const, params: errorParams },
  },
]

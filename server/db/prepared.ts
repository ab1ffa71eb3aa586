/** Statements whose text is worth keeping prepared: the ones a request runs. */
export const cacheable = /^\s*(?:SELECT|INSERT|UPDATE|DELETE|WITH)\b/i

/** SQLSTATE 0A000 "cached plan must not change result type": the schema changed under it. */
export const planChanged = (error: unknown) => (error as { code?: unknown } | null)?.code === "0A000"

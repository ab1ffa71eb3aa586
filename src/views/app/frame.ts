/**
 * Screens that need only the first-paint styles (styles.first.ts): a first visit there loads no
 * more than they show. Add one only with its sheets in styles.first.ts.
 */
const lightPaths: ReadonlySet<string> = new Set(["/signin"])

let loading: Promise<unknown> | undefined

/** Loads the rest of the app's frame once (appFrame.ts); a failed load is tried again next time. */
export const loadAppFrame = (): Promise<unknown> => {
  loading ??= import("./appFrame").catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}

/** The root route's `beforeLoad`: a screen shows once its styles are there. */
export const frameFor = async (pathname: string): Promise<void> => {
  if (!lightPaths.has(pathname)) await loadAppFrame()
}

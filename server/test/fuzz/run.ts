/** What no answer may show: a stack frame, a path into the sources, a file read by traversal. */
const leaks = ["    at ", "/work/", ".ts:", "node_modules", process.cwd(), "root:x:0:0"]

/** `text` cut to `max` characters, saying how long it was. */
export const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max)}…(${text.length})` : text

/** Runs `work` on every item, at most `limit` at a time, in order. */
export const pool = async <A>(items: ReadonlyArray<A>, limit: number, work: (a: A) => Promise<void>) => {
  let next = 0
  const worker = async () => {
    while (next < items.length) await work(items[next++])
  }
  await Promise.all(Array.from({ length: limit }, worker))
}

/**
 * What is wrong with the answer `send` gets, if anything: a 5xx, a leak, no answer at all.
 * `accepted` reads the body of a success.
 */
export const problemOf = async (
  send: () => Promise<Response>,
  accepted: (text: string) => void,
): Promise<string | undefined> => {
  try {
    const res = await send()
    const text = await res.text()
    if (res.status < 300) accepted(text)
    const leak = leaks.find((l) => text.includes(l))
    if (res.status < 500 && !leak) return undefined
    return `${res.status}${leak ? ` (shows ${JSON.stringify(leak)})` : ""} ${cut(text, 300)}`
  } catch (e) {
    return `no answer: ${e instanceof Error ? e.message : String(e)}`
  }
}

import { randomUUID } from "node:crypto"
import { type Figure, percentile } from "./report"

/**
 * What safe retries cost a write: PUT /api/v2/me (the same profile each time) sent one at a time,
 * with a new Idempotency-Key (kept answer written), with the same key again (answer replayed,
 * the handler does not run), against the same write sent without a key, in the same run.
 */
export const measureIdempotency = async (
  base: string,
  token: string,
  rounds: number,
): Promise<ReadonlyArray<Figure>> => {
  const me = await (await fetch(`${base}/api/v2/me`, { headers: { authorization: `JWT ${token}` } })).json()
  const body = JSON.stringify({ edit: { firstname: me.firstname, lastname: me.lastname } })
  const put = async (key?: string) => {
    const started = performance.now()
    const answer = await fetch(`${base}/api/v2/me`, {
      method: "PUT",
      body,
      headers: {
        authorization: `JWT ${token}`,
        "content-type": "application/json",
        ...(key ? { "idempotency-key": key } : {}),
      },
    })
    await answer.arrayBuffer()
    if (!answer.ok) throw new Error(`PUT /api/v2/me answered ${answer.status}`)
    return performance.now() - started
  }
  const times = async (f: () => Promise<number>) => {
    const out: number[] = []
    for (let i = 0; i < rounds; i++) out.push(await f())
    return out
  }
  await times(() => put()) // warm-up
  const bare = await times(() => put())
  const keyed = await times(() => put(randomUUID()))
  const replayKey = randomUUID()
  await put(replayKey)
  const replayed = await times(() => put(replayKey))
  const baselineName = "the same PUT without a key"
  return [
    {
      name: `PUT /api/v2/me with a new Idempotency-Key, p50 (${rounds} sequential)`,
      value: percentile(keyed, 50),
      baseline: percentile(bare, 50),
      unit: "ms",
      baselineName,
    },
    {
      name: "PUT /api/v2/me replayed from its key, p50",
      value: percentile(replayed, 50),
      baseline: percentile(bare, 50),
      unit: "ms",
      baselineName,
    },
  ]
}

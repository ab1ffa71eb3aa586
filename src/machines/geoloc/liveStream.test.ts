import { Effect } from "effect"
import { beforeEach, describe, expect, it } from "vitest"
import { type LiveEvent, liveStream } from "../../services/telemetry"
import { accessTokenKey, refreshTokenKey } from "../../services/tokenStore"
import { expiredAnswer, fakeApi, isRefresh, json, type Respond } from "../../testing/fakeFetch"

const machine = "00000000-0000-4000-8000-0000000000a1"
const fix = {
  machine,
  counter: "BOX-1",
  at: "2026-11-27T10:00:00.000Z",
  lng: 1.5,
  lat: 48.2,
  speed: 9.5,
  heading: null,
  battery: 80,
}

/** An event stream answered in `chunks` (cut anywhere, as the network cuts it). */
const stream = (...chunks: ReadonlyArray<string>) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk))
        controller.close()
      },
    }),
    { status: 200, headers: { "content-type": "text/event-stream" } },
  )

const read = async (respond: Respond) => {
  const api = fakeApi(respond)
  const events: Array<LiveEvent> = []
  const result = await api.runtime.runPromise(Effect.either(liveStream(0, (e) => events.push(e))))
  return { calls: api.calls, events, result }
}

beforeEach(() => {
  localStorage.clear()
  localStorage.setItem(accessTokenKey, "old-access")
  localStorage.setItem(refreshTokenKey, "old-refresh")
})

describe("the live positions stream, read with fetch", () => {
  it("sends the token in the header, asks for an event stream, and hands on ready and each fix", async () => {
    const data = JSON.stringify(fix)
    const { calls, events, result } = await read(() =>
      stream(
        'event: ready\ndata: {"closesAt":"2026-11-27T10:15:00.000Z"}\n\n: pi',
        `ng\n\nevent: fix\ndata: ${data.slice(0, 20)}`,
        `${data.slice(20)}\n\nevent: closed\ndata: {"reason":"tokenExpired"}\n\n`,
      ),
    )
    expect(result._tag).toBe("Right")
    expect(calls[0]?.url).toBe("http://sillon.test/api/v2/machinesGeolocation/live")
    expect(calls[0]?.headers.get("authorization")).toBe("JWT old-access")
    expect(calls[0]?.headers.get("accept")).toBe("text/event-stream")
    expect(events.map((e) => e.type)).toEqual(["geoloc.ready", "geoloc.fix"])
    const got = events[1]
    expect(got?.type === "geoloc.fix" && got.fix.at.epochMillis).toBe(Date.parse(fix.at))
    expect(got?.type === "geoloc.fix" && got.fix.lng).toBe(1.5)
  })

  it("renews an expired token as every call does, and reads the stream with the new one", async () => {
    const { calls, events, result } = await read((call) =>
      isRefresh(call)
        ? json(200, { token: "new-access", refreshToken: "new-refresh" })
        : call.headers.get("authorization") === "JWT old-access"
          ? expiredAnswer()
          : stream('event: ready\ndata: {"closesAt":"2026-11-27T10:15:00.000Z"}\n\n'),
    )
    expect(result._tag).toBe("Right")
    expect(calls.map((c) => c.headers.get("authorization"))).toEqual([
      "JWT old-access",
      null,
      "JWT new-access",
    ])
    expect(events).toEqual([{ type: "geoloc.ready" }])
  })

  it("fails saying the session is over when the refresh is refused, and otherwise to be tried again", async () => {
    const over = await read((call) =>
      isRefresh(call)
        ? json(401, { _tag: "Unauthorized", code: "refreshInvalid", message: "" })
        : expiredAnswer(),
    )
    expect(over.result).toMatchObject({ _tag: "Left", left: { _tag: "LiveStreamFailed", sessionOver: true } })
    const down = await read(() => json(500, { _tag: "InternalError", code: "internal", message: "" }))
    expect(down.result).toMatchObject({ _tag: "Left", left: { sessionOver: false } })
    // Ended before it opened (something in between cut it): tried again later, not at once.
    const cut = await read(() => stream(": ping\n\n"))
    expect(cut.result).toMatchObject({ _tag: "Left", left: { sessionOver: false } })
    const lost = await read(() => Promise.reject(new TypeError("network")))
    expect(lost.result).toMatchObject({ _tag: "Left", left: { sessionOver: false } })
  })
})

import { Deferred, Duration, Effect, Option, Queue, Schedule, Schema, type Scope, Stream } from "effect"
import pg from "pg"
import { LiveFix } from "../../src/schema/api.geoloc"
import { CurrentUser } from "../../src/schema/middleware"
import { Config } from "../config"
import { EmbeddedDb } from "../db/client"
import { type AnnouncedFix, LiveRepo, liveChannel } from "./liveRepository"

/**
 * Live positions (docs/geoloc.md): the ingest NOTIFYs `liveChannel` with a machine's newest fix
 * (`announce`); every server instance LISTENs on it — PGlite's own `listen`, or one dedicated
 * connection to the PostgreSQL server — and forwards each fix to the streams connected to it
 * whose person receives that machine live (asked of the database at each fix, so a grant taken
 * away stops the next fix). A stream closes at its access token's expiry, or at the next fix or
 * sweep once its session is revoked; the client then refreshes and connects again.
 */

/** What a connected stream is sent. */
export type LiveMessage =
  | { readonly kind: "fix"; readonly fix: LiveFix }
  | { readonly kind: "ping" }
  | { readonly kind: "closed"; readonly reason: "tokenExpired" | "sessionRevoked" | "timeUp" }

interface Subscriber {
  readonly userId: string
  readonly sessionId: string
  readonly queue: Queue.Queue<LiveMessage>
}

/** How often the streams' sessions are checked when no fix comes (a revoked one is closed). */
const sweepEvery = Duration.seconds(30)
/** A comment line this often keeps proxies from closing a quiet stream. */
const pingEvery = Duration.seconds(25)
/** Messages kept for a stream that reads slowly: beyond, the oldest are dropped. */
const streamBacklog = 256

const decodeFix = Schema.decodeUnknownOption(Schema.parseJson(LiveFix))

/** LISTENs on the PostgreSQL server on a connection of its own, again after it is lost. */
const listenOnServer = (url: string, onPayload: (payload: string) => void) =>
  Effect.gen(function* () {
    const first = yield* Deferred.make<void>()
    const connection = Effect.acquireRelease(
      Effect.tryPromise(async () => {
        const client = new pg.Client({ connectionString: url, application_name: "sillon-live" })
        client.on("error", () => {})
        await client.connect()
        client.on("notification", (message) => {
          if (message.channel === liveChannel && message.payload !== undefined) onPayload(message.payload)
        })
        await client.query(`LISTEN ${liveChannel}`)
        return client
      }),
      (client) => Effect.promise(() => client.end().catch(() => {})),
    )
    const session = Effect.scoped(
      Effect.flatMap(connection, (client) =>
        Deferred.succeed(first, undefined).pipe(
          Effect.zipRight(
            Effect.async<void>((resume) => {
              client.once("end", () => resume(Effect.void))
              client.once("error", () => resume(Effect.void))
            }),
          ),
        ),
      ),
    )
    yield* session.pipe(
      Effect.catchAllCause((cause) => Effect.logWarning("Live positions: LISTEN connection lost", cause)),
      Effect.repeat(Schedule.exponential("500 millis").pipe(Schedule.union(Schedule.spaced("10 seconds")))),
      Effect.forkScoped,
    )
    yield* Deferred.await(first).pipe(Effect.timeout("15 seconds"), Effect.ignore)
  })

/** The streams connected to this instance, and the fixes every instance hears, forwarded to them. */
export class LiveHub extends Effect.Service<LiveHub>()("LiveHub", {
  scoped: Effect.gen(function* () {
    const repo = yield* LiveRepo
    const config = yield* Config
    const embedded = yield* Effect.serviceOption(EmbeddedDb)
    const subscribers = new Set<Subscriber>()
    const inbox = yield* Queue.unbounded<string>()
    const onPayload = (payload: string) => {
      Queue.unsafeOffer(inbox, payload)
    }

    if (Option.isSome(embedded)) {
      yield* Effect.acquireRelease(embedded.value.listen(liveChannel, onPayload), (unlisten) => unlisten)
    } else if (config.databaseUrl) yield* listenOnServer(config.databaseUrl, onPayload)

    const close = (subscriber: Subscriber, reason: "sessionRevoked") => {
      subscribers.delete(subscriber)
      return Queue.offer(subscriber.queue, { kind: "closed", reason })
    }

    // One fix at a time, in the order heard: one question to the database per fix, whatever the
    // number of streams (which sessions stand, which of them receive that machine live).
    yield* Queue.take(inbox).pipe(
      Effect.flatMap((payload) =>
        Effect.gen(function* () {
          const fix = decodeFix(payload)
          if (Option.isNone(fix) || subscribers.size === 0) return
          const all = [...subscribers]
          const rows = yield* repo.audience(
            fix.value.machine,
            all.map((s) => s.sessionId),
            all.map((s) => s.userId),
          )
          const bySession = new Map(rows.map((r) => [r.sid, r]))
          for (const subscriber of all) {
            const row = bySession.get(subscriber.sessionId)
            if (!row?.alive) yield* close(subscriber, "sessionRevoked")
            else if (row.allowed) yield* Queue.offer(subscriber.queue, { kind: "fix", fix: fix.value })
          }
        }),
      ),
      Effect.catchAllCause((cause) => Effect.logWarning("Live positions: a fix not forwarded", cause)),
      Effect.forever,
      Effect.forkScoped,
    )

    // Streams whose session was revoked are closed even when no fix comes.
    yield* Effect.suspend(() => {
      if (subscribers.size === 0) return Effect.void
      const all = [...subscribers]
      return Effect.flatMap(repo.standing([...new Set(all.map((s) => s.sessionId))]), (standing) =>
        Effect.forEach(all, (s) => (standing.has(s.sessionId) ? Effect.void : close(s, "sessionRevoked")), {
          discard: true,
        }),
      )
    }).pipe(
      Effect.catchAllCause((cause) => Effect.logWarning("Live positions: sessions not checked", cause)),
      Effect.repeat(Schedule.spaced(sweepEvery)),
      Effect.forkScoped,
    )

    return {
      /** A stream's queue, forwarded to while the scope lasts. */
      subscribe: (
        userId: string,
        sessionId: string,
      ): Effect.Effect<Queue.Queue<LiveMessage>, never, Scope.Scope> =>
        Effect.acquireRelease(
          Effect.map(Queue.sliding<LiveMessage>(streamBacklog), (queue) => {
            const subscriber: Subscriber = { userId, sessionId, queue }
            subscribers.add(subscriber)
            return subscriber
          }),
          // Out of the set only: a fix being forwarded may still offer to it (never shut down, so
          // that offer cannot interrupt the forwarding), and then nobody reads it.
          (subscriber) => Effect.sync(() => subscribers.delete(subscriber)),
        ).pipe(Effect.map((s) => s.queue)),
      /** How many streams this instance serves. */
      connected: () => subscribers.size,
    }
  }),
  dependencies: [LiveRepo.Default],
}) {}

/** Tells every instance of a box's newest fix (called by the ingest once the fix is stored). */
export class LiveAnnounce extends Effect.Service<LiveAnnounce>()("LiveAnnounce", {
  effect: Effect.map(LiveRepo, (repo) => ({
    announce: (counterId: string, fix: AnnouncedFix) =>
      repo.announce(counterId, fix).pipe(
        // A fix stored is never refused for its announcement: streams then show it at next load.
        Effect.catchAllCause((cause) => Effect.logWarning("Live positions: a fix not announced", cause)),
        Effect.withSpan("LiveAnnounce.announce"),
      ),
  })),
  dependencies: [LiveRepo.Default],
}) {}

const encoder = new TextEncoder()
const event = (name: string, data: unknown) =>
  encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`)
const ping = encoder.encode(": ping\n\n")

/** The stream of server-sent events one request gets (see `GeolocGroup.live`). */
export const liveEvents = (
  hub: LiveHub,
  caller: { readonly userId: string; readonly sessionId: string; readonly expiresAtMs: number },
  seconds: number | undefined,
): Stream.Stream<Uint8Array> =>
  Stream.unwrapScoped(
    Effect.gen(function* () {
      const queue = yield* hub.subscribe(caller.userId, caller.sessionId)
      const untilExpiry = Math.max(0, caller.expiresAtMs - Date.now())
      const timeUp = seconds !== undefined && seconds * 1000 < untilExpiry
      const closesAt = timeUp ? Date.now() + (seconds ?? 0) * 1000 : caller.expiresAtMs
      yield* Effect.sleep(Duration.millis(Math.max(0, closesAt - Date.now()))).pipe(
        Effect.zipRight(Queue.offer(queue, { kind: "closed", reason: timeUp ? "timeUp" : "tokenExpired" })),
        Effect.forkScoped,
      )
      yield* Queue.offer(queue, { kind: "ping" }).pipe(
        Effect.delay(pingEvery),
        Effect.forever,
        Effect.forkScoped,
      )
      const ready = event("ready", { closesAt: new Date(closesAt).toISOString() })
      const messages = Stream.fromQueue(queue).pipe(
        Stream.takeUntil((m) => m.kind === "closed"),
        Stream.map((m) =>
          m.kind === "fix"
            ? event("fix", Schema.encodeSync(LiveFix)(m.fix))
            : m.kind === "ping"
              ? ping
              : event("closed", { reason: m.reason }),
        ),
      )
      return Stream.concat(Stream.make(ready), messages)
    }),
  )

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The expiry and session of the access token a request authenticated with (already verified). */
export const tokenOf = (authorization: string | undefined) => {
  const token = /^(?:JWT|Bearer)\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1] ?? ""
  try {
    const claims = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as {
      exp?: unknown
      sid?: unknown
    }
    return {
      expiresAtMs: typeof claims.exp === "number" ? claims.exp * 1000 : Date.now(),
      sessionId: typeof claims.sid === "string" ? claims.sid : "",
    }
  } catch {
    return { expiresAtMs: Date.now(), sessionId: "" }
  }
}

/** "Trouver mes machines": every machine the caller sees at its latest position. */
export class Geoloc extends Effect.Service<Geoloc>()("Geoloc", {
  effect: Effect.gen(function* () {
    const repo = yield* LiveRepo
    const hub = yield* LiveHub
    return {
      last: Effect.fn("Geoloc.last")(function* () {
        const { id } = yield* CurrentUser
        return yield* repo.last(id)
      }),
      live: Effect.fn("Geoloc.live")(function* (
        authorization: string | undefined,
        seconds: number | undefined,
      ) {
        const { id } = yield* CurrentUser
        const token = tokenOf(authorization)
        if (!uuidShape.test(token.sessionId)) return Stream.make(event("closed", { reason: "tokenExpired" }))
        return liveEvents(hub, { userId: id, ...token }, seconds)
      }),
    }
  }),
  dependencies: [LiveRepo.Default, LiveHub.Default],
}) {}

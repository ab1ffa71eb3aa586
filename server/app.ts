import { createServer } from "node:http"
import { HttpApiBuilder, HttpApiSwagger, HttpMiddleware, HttpServer } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { Layer, ManagedRuntime } from "effect"
import { SillonApi } from "../src/schema/api"
import { ActivitiesJobsLive } from "./activities/jobs"
import { MailAuth } from "./auth/byMail"
import { AccessTokens } from "./auth/jwt"
import { RefreshTokens } from "./auth/refresh"
import { Auth } from "./auth/service"
import { Users } from "./auth/users"
import { type AppConfig, Config } from "./config"
import { dbLayer } from "./db/client"
import { ActivitiesHttpLive } from "./http/activities"
import { AdminHttpLive } from "./http/admin"
import { AnnouncementsHttpLive } from "./http/announcements"
import { AuthHttpLive } from "./http/auth"
import { AuthenticationLive } from "./http/authentication"
import { BleTagsHttpLive } from "./http/bleTags"
import { BookingsHttpLive } from "./http/bookings"
import { BookingUseHttpLive } from "./http/bookingUse"
import { BoxAuthenticationLive, BoxesHttpLive, OsmandHttpLive } from "./http/boxes"
import { CanbusHttpLive } from "./http/canbus"
import { ClustersHttpLive } from "./http/clusters"
import { CountersHttpLive } from "./http/counters"
import { DashboardHttpLive } from "./http/dashboard"
import { ErrorsMiddlewareLive } from "./http/errors"
import { FieldCommentsHttpLive } from "./http/fieldComments"
import { FieldsHttpLive } from "./http/fields"
import { HealthHttpLive } from "./http/health"
import { IdempotencyLive } from "./http/idempotency"
import { LegacyHttpLive } from "./http/legacy"
import { GeolocHttpLive } from "./http/live"
import { MachinesHttpLive } from "./http/machines"
import { MaintenanceHttpLive } from "./http/maintenance"
import { MeHttpLive } from "./http/me"
import { MembershipHttpLive } from "./http/membership"
import { NoStoreLive } from "./http/noStore"
import { NotificationsHttpLive } from "./http/notifications"
import { PropertiesHttpLive } from "./http/properties"
import { PublicHttpLive } from "./http/public"
import { StaticLive } from "./http/static"
import { TelemetryHttpLive } from "./http/telemetry"
import { UsageHttpLive } from "./http/usage"
import { VegetationHttpLive } from "./http/vegetation"
import { Jobs, JobsWorkerLive } from "./jobs/jobs"
import { MailerLive } from "./mail/mailer"
import { MaintenanceJobsLive } from "./maintenance/alerts"
import { RollupsJobsLive } from "./rollups/jobs"
import { SeedLive } from "./seed"
import { TelemetryJobsLive } from "./telemetry/jobs"

/** Database (migrated, seeded when wanted), repositories and services, for one configuration. */
export const servicesLayer = (config: AppConfig) => {
  const base = Layer.provideMerge(dbLayer(config), Layer.succeed(Config, config))
  const infrastructure = MailerLive.pipe(Layer.provideMerge(Jobs.Default), Layer.provideMerge(base))
  // The account services the app, scripts and middlewares share; each HTTP group provides the
  // `.Default` layers it uses besides (one instance each: layers are memoized).
  const accounts = Layer.mergeAll(
    Users.Default,
    AccessTokens.Default,
    RefreshTokens.Default,
    Auth.Default,
    MailAuth.Default,
  ).pipe(Layer.provideMerge(infrastructure))
  return Layer.mergeAll(
    SeedLive,
    JobsWorkerLive,
    TelemetryJobsLive,
    ActivitiesJobsLive,
    RollupsJobsLive,
    MaintenanceJobsLive,
  ).pipe(Layer.provideMerge(accounts))
}

const ApiLive = HttpApiBuilder.api(SillonApi).pipe(
  Layer.provide([
    HealthHttpLive,
    AuthHttpLive,
    LegacyHttpLive,
    MeHttpLive,
    ClustersHttpLive,
    MachinesHttpLive,
    MembershipHttpLive,
    NotificationsHttpLive,
    PropertiesHttpLive,
    CountersHttpLive,
    BleTagsHttpLive,
    AdminHttpLive,
    PublicHttpLive,
    BookingsHttpLive,
    FieldsHttpLive,
    FieldCommentsHttpLive,
    VegetationHttpLive,
    BoxesHttpLive,
    OsmandHttpLive,
    TelemetryHttpLive,
    GeolocHttpLive,
    ActivitiesHttpLive,
    UsageHttpLive,
    DashboardHttpLive,
    CanbusHttpLive,
    MaintenanceHttpLive,
    BookingUseHttpLive,
    AnnouncementsHttpLive,
  ]),
  Layer.provide([AuthenticationLive, BoxAuthenticationLive]),
)

/** The HTTP API (contract handlers, OpenAPI, docs page, error shaping) and the built client. */
export const httpLayer = Layer.mergeAll(
  HttpApiBuilder.middlewareOpenApi({ path: "/api/openapi.json" }),
  HttpApiSwagger.layer({ path: "/api/docs" }),
  ErrorsMiddlewareLive,
  NoStoreLive,
  IdempotencyLive,
  StaticLive,
).pipe(Layer.provideMerge(ApiLive))

/**
 * No span per request: nothing exports spans (Effect's own tracer keeps them nowhere), and the
 * request span, for which the URL is parsed and every header copied and redacted, cost about a
 * tenth of a small request. The services' spans stay: they name a fault's path in the log. With
 * an exporter wired in, drop this layer.
 */
const withoutRequestSpans = Layer.locallyScoped(HttpMiddleware.currentTracerDisabledWhen, () => true)

/** In-process app: a fetch-style handler plus a runtime over the same services (tests use it for SQL). */
export const makeWebApp = async (config: AppConfig) => {
  const services = servicesLayer(config)
  const runtime = ManagedRuntime.make(services)
  await runtime.runtime()
  const web = HttpApiBuilder.toWebHandler(
    Layer.mergeAll(httpLayer.pipe(Layer.provide(services)), HttpServer.layerContext).pipe(
      Layer.provide(withoutRequestSpans),
    ),
    { memoMap: runtime.memoMap },
  )
  return {
    handler: web.handler,
    runtime,
    dispose: async () => {
      await web.dispose()
      await runtime.dispose()
    },
  }
}

/** The whole server listening on config.host:config.port (0 picks a free port). */
export const serverLayer = (config: AppConfig) =>
  HttpApiBuilder.serve().pipe(
    Layer.provide(withoutRequestSpans),
    Layer.provide(httpLayer),
    // A long queue of connections waiting to be accepted: a fleet of boxes back from a network
    // outage connects at once (Node's default, 511, reset some of a thousand).
    Layer.provideMerge(
      NodeHttpServer.layer(createServer, { port: config.port, host: config.host, backlog: 4096 }),
    ),
    Layer.provideMerge(servicesLayer(config)),
  )

/**
 * Starts the server in this process and resolves once it listens; for browser tests and scripts.
 * `url` is the address it listens on; `close` stops it and closes the database.
 */
export const startServer = async (config: AppConfig) => {
  const runtime = ManagedRuntime.make(serverLayer(config))
  const address = await runtime.runPromise(HttpServer.HttpServer).then((server) => server.address)
  const url = address._tag === "TcpAddress" ? `http://${address.hostname}:${address.port}` : address.path
  return { url, runtime, close: () => runtime.dispose() }
}

import { createServer } from "node:http"
import { HttpApiBuilder, HttpApiSwagger, HttpServer } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { Layer, ManagedRuntime } from "effect"
import { SillonApi } from "../src/schema/api"
import { MailAuthLive } from "./auth/byMail"
import { AccessTokensLive } from "./auth/jwt"
import { OneTimeSecretsLive } from "./auth/oneTime"
import { RefreshTokensLive } from "./auth/refresh"
import { AuthLive } from "./auth/service"
import { ThrottleLive } from "./auth/throttle"
import { UsersLive } from "./auth/users"
import { AccessLive } from "./clusters/access"
import { type AppConfig, Config } from "./config"
import { dbLayer } from "./db/client"
import { AdminLive } from "./http/admin"
import { AuthHandlersLive } from "./http/auth"
import { AuthenticationLive } from "./http/authentication"
import { BleTagsLive } from "./http/bleTags"
import { BookingsLive } from "./http/bookings"
import { ClustersLive } from "./http/clusters"
import { CountersLive } from "./http/counters"
import { ErrorsMiddlewareLive } from "./http/errors"
import { HealthLive } from "./http/health"
import { LegacyLive } from "./http/legacy"
import { MachinesLive } from "./http/machines"
import { MeLive } from "./http/me"
import { MembershipLive } from "./http/membership"
import { NoStoreLive } from "./http/noStore"
import { NotificationsLive } from "./http/notifications"
import { PropertiesLive } from "./http/properties"
import { PublicLive } from "./http/public"
import { StaticLive } from "./http/static"
import { MailerLive } from "./mail/mailer"
import { SeedLive } from "./seed"

/** Database (migrated, seeded when wanted), repositories and services, for one configuration. */
export const servicesLayer = (config: AppConfig) => {
  const base = Layer.provideMerge(dbLayer(config), Layer.succeed(Config, config))
  const repositories = Layer.mergeAll(
    UsersLive,
    ThrottleLive,
    RefreshTokensLive,
    OneTimeSecretsLive,
    AccessTokensLive,
    MailerLive,
    AccessLive,
  ).pipe(Layer.provideMerge(base))
  const auth = AuthLive.pipe(Layer.provideMerge(repositories))
  return Layer.mergeAll(MailAuthLive, SeedLive).pipe(Layer.provideMerge(auth))
}

const ApiLive = HttpApiBuilder.api(SillonApi).pipe(
  Layer.provide([
    HealthLive,
    AuthHandlersLive,
    LegacyLive,
    MeLive,
    ClustersLive,
    MachinesLive,
    MembershipLive,
    NotificationsLive,
    PropertiesLive,
    CountersLive,
    BleTagsLive,
    AdminLive,
    PublicLive,
    BookingsLive,
  ]),
  Layer.provide(AuthenticationLive),
)

/** The HTTP API (contract handlers, OpenAPI, docs page, error shaping) and the built client. */
export const httpLayer = Layer.mergeAll(
  HttpApiBuilder.middlewareOpenApi({ path: "/api/openapi.json" }),
  HttpApiSwagger.layer({ path: "/api/docs" }),
  ErrorsMiddlewareLive,
  NoStoreLive,
  StaticLive,
).pipe(Layer.provideMerge(ApiLive))

/** In-process app: a fetch-style handler plus a runtime over the same services (tests use it for SQL). */
export const makeWebApp = async (config: AppConfig) => {
  const services = servicesLayer(config)
  const runtime = ManagedRuntime.make(services)
  await runtime.runtime()
  const web = HttpApiBuilder.toWebHandler(
    Layer.mergeAll(httpLayer.pipe(Layer.provide(services)), HttpServer.layerContext),
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
    Layer.provide(httpLayer),
    Layer.provideMerge(NodeHttpServer.layer(createServer, { port: config.port, host: config.host })),
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

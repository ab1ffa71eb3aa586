import { Context } from "effect"
import { defaultTrustedProxies, trustedProxies } from "./lib/trustedProxies"

/** Everything the server reads from its environment, resolved once at start. */
export interface AppConfig {
  readonly port: number
  readonly host: string
  readonly dataDir: string
  /** PostgreSQL server; when absent the embedded PGlite database in `dataDir` is used. */
  readonly databaseUrl: string | undefined
  readonly smtpUrl: string | undefined
  /** Base of the links sent by e-mail. */
  readonly publicUrl: string
  readonly accessTokenTtlSeconds: number
  /** Seed demo data: undefined means "only on a new embedded database". */
  readonly seedDemo: boolean | undefined
  /** Overrides the signing secret stored in the database. */
  readonly jwtSecret: string | undefined
  /**
   * Which socket peers are reverse proxies whose X-Forwarded-For is believed: true any (one proxy),
   * false none, or addresses, CIDR blocks and the names `loopback` and `private`.
   */
  readonly trustProxy: boolean | ReadonlyArray<string>
  /** Built client served for every non-API path. */
  readonly distDir: string
  /** E-mails of the platform administrators (the admin area); lower-cased. */
  readonly adminEmails: ReadonlyArray<string>
  /** A MapLibre style every map uses instead of IGN's (an http(s) address, or a path on this server). */
  readonly mapStyleUrl?: string | undefined
  /** The vegetation index's provider (docs/operations.md#vegetation-index). */
  readonly vegetation: VegetationConfig
  /**
   * Months of raw fixes kept before whole monthly partitions are dropped (logged); undefined keeps
   * them forever.
   */
  readonly fixesRetentionMonths?: number | undefined
  /**
   * Days of simulated telemetry a new demo database gets for the demo CUMA's boxes (the last ones,
   * today included); 0 for none. Default 7.
   */
  readonly demoTelemetryDays?: number | undefined
  /**
   * How many days back a change of a machine's settings or of a field recomputes activities (the
   * days with a trace in that window). Default 90.
   */
  readonly activitiesRecomputeDays?: number | undefined
}

/**
 * The Copernicus Data Space Ecosystem's Sentinel Hub Statistical API and its OAuth2 token endpoint.
 * Nothing is asked of it without both credentials.
 */
export interface VegetationConfig {
  /** The Statistical API's base (`{apiUrl}/api/v1/statistics`). */
  readonly apiUrl: string
  /** The OAuth2 token endpoint (client credentials). */
  readonly tokenUrl: string
  readonly clientId: string | undefined
  readonly clientSecret: string | undefined
  /** The pause before the first new try after a rate limit or an outage, doubled each time. */
  readonly retryBaseMillis: number
}

export const cdseStatisticsBase = "https://sh.dataspace.copernicus.eu"
export const cdseTokenUrl =
  "https://identity.dataspace.copernicus.eu/auth/realms/CDSE/protocol/openid-connect/token"

// A Context.Tag, not an Effect.Service: the configuration is a value given from outside (app.ts provides it).
export class Config extends Context.Tag("Config")<Config, AppConfig>() {}

const flag = (value: string | undefined): boolean | undefined =>
  value === undefined || value === "" ? undefined : ["1", "true", "yes"].includes(value.toLowerCase())

const positiveInt = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === "") return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got '${value}'`)
  return n
}

const daysSetting = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value.trim() === "") return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0 || n > 366)
    throw new Error(`${name} must be a whole number of days, 0 to 366, got '${value}'`)
  return n
}

const trustProxySetting = (value: string | undefined): boolean | ReadonlyArray<string> => {
  if (value === undefined || value.trim() === "") return defaultTrustedProxies
  const asFlag = value.trim().toLowerCase()
  if (["1", "true", "yes"].includes(asFlag)) return true
  if (["0", "false", "no"].includes(asFlag)) return false
  const entries = value
    .split(",")
    .map((e) => e.trim())
    .filter((e) => e !== "")
  trustedProxies(entries) // refuses a malformed entry at start
  return entries
}

const styleUrl = (value: string | undefined): string | undefined => {
  const url = value?.trim()
  if (url === undefined || url === "") return undefined
  if (!/^(https?:\/\/[^\s]+|\/[^\s]*)$/i.test(url))
    throw new Error(`MAP_STYLE_URL must be an http(s) address or a path starting with /, got '${url}'`)
  return url
}

export const configFromEnv = (env: NodeJS.ProcessEnv = process.env): AppConfig => {
  const port = positiveInt(env.PORT, 8080, "PORT")
  const host = env.HOST || "127.0.0.1"
  return {
    port,
    host,
    dataDir: env.DATA_DIR || "./data",
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: (env.PUBLIC_URL || `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${port}`).replace(
      /\/+$/,
      "",
    ),
    accessTokenTtlSeconds: positiveInt(env.ACCESS_TOKEN_TTL, 900, "ACCESS_TOKEN_TTL"),
    seedDemo: flag(env.SEED_DEMO),
    jwtSecret: env.JWT_SECRET || undefined,
    trustProxy: trustProxySetting(env.TRUST_PROXY),
    distDir: env.DIST_DIR || "./dist",
    adminEmails: (env.ADMIN_EMAILS ?? "")
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter((e) => e !== ""),
    mapStyleUrl: styleUrl(env.MAP_STYLE_URL),
    fixesRetentionMonths:
      env.FIXES_RETENTION_MONTHS === undefined || env.FIXES_RETENTION_MONTHS === ""
        ? undefined
        : positiveInt(env.FIXES_RETENTION_MONTHS, 1, "FIXES_RETENTION_MONTHS"),
    demoTelemetryDays: daysSetting(env.DEMO_TELEMETRY_DAYS, 7, "DEMO_TELEMETRY_DAYS"),
    activitiesRecomputeDays: daysSetting(env.ACTIVITIES_RECOMPUTE_DAYS, 90, "ACTIVITIES_RECOMPUTE_DAYS"),
    vegetation: {
      apiUrl: (env.NDVI_API_URL || cdseStatisticsBase).replace(/\/+$/, ""),
      tokenUrl: env.NDVI_TOKEN_URL || cdseTokenUrl,
      clientId: env.NDVI_CLIENT_ID || undefined,
      clientSecret: env.NDVI_CLIENT_SECRET || undefined,
      retryBaseMillis: 30_000,
    },
  }
}

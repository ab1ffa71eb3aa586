import { HttpApi, type HttpApiGroup } from "@effect/platform"
import {
  BadRequest,
  Conflict,
  InternalError,
  PayloadTooLarge,
  UnprocessableEntity,
  UnsupportedMediaType,
} from "./errors"

/** The errors any endpoint of the contract may answer, whatever its group. */
export const sillonApi = HttpApi.make("sillon")
  .addError(InternalError)
  // Any endpoint with a body can answer these: malformed or invalid input, oversized body.
  .addError(BadRequest)
  .addError(PayloadTooLarge)
  .addError(UnsupportedMediaType)
  // Any write sent with an Idempotency-Key: the key reused for another request (422), or its
  // first request still running (409, retry after a second).
  .addError(UnprocessableEntity)
  .addError(Conflict)

type CommonError = typeof sillonApi extends HttpApi.HttpApi<string, never, infer E, never> ? E : never

/**
 * The contract restricted to some of its groups, with the same common errors: what a client of
 * those groups is built from, without loading the others' schemas.
 */
export const apiOf = <const Groups extends ReadonlyArray<HttpApiGroup.HttpApiGroup.Any>>(
  ...groups: Groups
): HttpApi.HttpApi<"sillon", Groups[number], CommonError, never> =>
  groups.reduce<HttpApi.HttpApi<"sillon", HttpApiGroup.HttpApiGroup.Any, CommonError, never>>(
    (api, group) => api.add(group),
    sillonApi,
  ) as HttpApi.HttpApi<"sillon", Groups[number], CommonError, never>

import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { SillonApi } from "../../src/schema/api"
import { Invitations } from "../membership/invitations"
import { Requests } from "../membership/requests"

/** Invitations and requests to join (SPEC §4); the rules live in server/membership. */
export const MembershipHttpLive = HttpApiBuilder.group(SillonApi, "membership", (handlers) =>
  Effect.gen(function* () {
    const invitations = yield* Invitations
    const requests = yield* Requests
    return handlers
      .handle("invitations", ({ path }) => invitations.ofCluster(path.id))
      .handle("invite", ({ path, payload }) => invitations.invite(path.id, payload))
      .handle("myInvitations", () => invitations.mine)
      .handle("acceptInvitation", ({ path }) => invitations.accept(path.id))
      .handle("declineInvitation", ({ path }) => invitations.decline(path.id))
      .handle("cancelInvitation", ({ path }) => invitations.cancel(path.id))
      .handle("requestToJoin", ({ path, payload }) => requests.ask(path.id, payload.role))
      .handle("requests", ({ path }) => requests.pending(path.id))
      .handle("myRequests", () => requests.mine)
      .handle("acceptRequest", ({ path }) => requests.accept(path.id))
      .handle("refuseRequest", ({ path }) => requests.refuse(path.id))
  }),
).pipe(Layer.provide([Invitations.Default, Requests.Default]))

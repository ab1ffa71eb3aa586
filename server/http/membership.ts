import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { SillonApi } from "../../src/schema/api"
import { Membership, MembershipLive as MembershipServiceLive } from "../membership/service"

/** Invitations and requests to join (SPEC §4); the rules live in server/membership. */
export const MembershipLive = HttpApiBuilder.group(SillonApi, "membership", (handlers) =>
  Effect.gen(function* () {
    const membership = yield* Membership
    return handlers
      .handle("invitations", ({ path }) => membership.invitations(path.id))
      .handle("invite", ({ path, payload }) => membership.invite(path.id, payload))
      .handle("myInvitations", () => membership.myInvitations)
      .handle("acceptInvitation", ({ path }) => membership.accept(path.id))
      .handle("declineInvitation", ({ path }) => membership.decline(path.id))
      .handle("cancelInvitation", ({ path }) => membership.cancel(path.id))
      .handle("requestToJoin", ({ path, payload }) => membership.requestToJoin(path.id, payload.role))
      .handle("requests", ({ path }) => membership.requests(path.id))
      .handle("myRequests", () => membership.myRequests)
      .handle("acceptRequest", ({ path }) => membership.acceptRequest(path.id))
      .handle("refuseRequest", ({ path }) => membership.refuseRequest(path.id))
  }),
).pipe(Layer.provide(MembershipServiceLive))

import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { SillonApi } from "../../src/schema/api"

// Scaffolding while the handlers are written: replaced, never shipped.
const notYet = Effect.dieMessage("not built yet")

export const MembershipLive = HttpApiBuilder.group(SillonApi, "membership", (handlers) =>
  Effect.succeed(
    handlers
      .handle("invitations", () => notYet)
      .handle("invite", () => notYet)
      .handle("myInvitations", () => notYet)
      .handle("acceptInvitation", () => notYet)
      .handle("declineInvitation", () => notYet)
      .handle("cancelInvitation", () => notYet)
      .handle("requestToJoin", () => notYet)
      .handle("requests", () => notYet)
      .handle("myRequests", () => notYet)
      .handle("acceptRequest", () => notYet)
      .handle("refuseRequest", () => notYet),
  ),
)

import type { Spec } from "../lib/paths"
import { lifecycleSpec } from "./invitation.paths"

/** Request to join: pending → accepted | refused by a validator; `requestClosed` ends it as closed. */
export const membershipRequestSpec: Spec = lifecycleSpec({
  subject: "request",
  open: "pending",
  closedCode: "requestClosed",
  moves: [
    ["membershipRequest.accept", "accepting", "acceptRequest", "accepted"],
    ["membershipRequest.refuse", "refusing", "refuseRequest", "refused"],
  ],
})

import type { EndpointRows } from "./matrix"

/** Invitations and requests to join. */
export const membershipRows: Record<string, EndpointRows> = {
  "membership.invitations": {
    id: "cluster",
    holds: ["addMember"],
    lacks: "addMember",
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      holder     A  200
      holder     B  404
      invitee    A  404`,
  },
  "membership.invite": {
    id: "cluster",
    holds: ["addMember"],
    lacks: "addMember",
    body: (c) => ({ email: c.fresh(), role: "member" }),
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      holder     A  201
      holder     B  404`,
  },
  "membership.myInvitations": {
    cells: `
      anonymous  -  401
      outsider   -  200
      invitee    -  200`,
  },
  "membership.acceptInvitation": {
    id: "invitation",
    holds: ["addMember"],
    cells: `
      anonymous  A  401
      outsider   A  404
      holder     A  404
      invitee    A  200
      invitee    B  404`,
  },
  "membership.declineInvitation": {
    id: "invitation",
    holds: ["addMember"],
    cells: `
      anonymous  A  401
      outsider   A  404
      holder     A  404
      invitee    A  200
      invitee    B  404`,
  },
  "membership.cancelInvitation": {
    id: "invitation",
    holds: ["addMember"],
    lacks: "addMember",
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      holder     A  200
      holder     B  404
      invitee    A  404`,
  },
  "membership.requestToJoin": {
    id: "cluster",
    holds: [],
    body: () => ({ role: "member" }),
    cells: `
      anonymous  A  401
      outsider   A  201
      holder     A  409 alreadyMember
      holder     B  201
      requester  A  409 alreadyRequested`,
  },
  "membership.requests": {
    id: "cluster",
    holds: ["validateMembership"],
    lacks: "validateMembership",
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      holder     A  200
      holder     B  404
      requester  A  404`,
  },
  "membership.myRequests": {
    cells: `
      anonymous  -  401
      outsider   -  200
      requester  -  200`,
  },
  "membership.acceptRequest": {
    id: "request",
    holds: ["validateMembership"],
    lacks: "validateMembership",
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      holder     A  200
      holder     B  404
      requester  A  404`,
  },
  "membership.refuseRequest": {
    id: "request",
    holds: ["validateMembership"],
    lacks: "validateMembership",
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      holder     A  200
      holder     B  404
      requester  A  404`,
  },
}

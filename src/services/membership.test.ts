import { Effect, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { Invitation, MembershipRequest } from "../schema/membership"
import { Notification } from "../schema/notification"
import { fakeApi, json } from "../testing/fakeFetch"
import { invitation, notification, paul, request } from "../testing/members"
import { clusterPeople, inbox, unreadCount } from "./membership"

const encode = <A, I>(schema: Schema.Schema<A, I>, list: ReadonlyArray<A>) =>
  Schema.encodeSync(Schema.Array(schema))(list)
const clusterId = request().cluster.id
const path = (url: string) => new URL(url).pathname

describe("membership calls", () => {
  it("reads only the lists the caller's rights allow on the ClusterUsers tab", async () => {
    const api = fakeApi((call) =>
      path(call.url).endsWith("/members")
        ? json(200, [])
        : path(call.url).endsWith("/invitations")
          ? json(200, encode(Invitation, [invitation(1, "sent")]))
          : json(403, { _tag: "Forbidden", code: "forbidden", message: "no" }),
    )
    const people = await api.runtime.runPromise(clusterPeople(clusterId, ["addMember"]))
    expect(api.calls.map((c) => path(c.url)).sort()).toEqual([
      `/api/v2/clusters/${clusterId}/invitations`,
      `/api/v2/clusters/${clusterId}/members`,
    ])
    expect(people.invitations?.map((i) => i.email)).toEqual(["marc@example.org"])
    expect(people.requests).toBeNull()
  })

  it("the inbox reads the pending requests of the structures its notifications mention, skipping refusals", async () => {
    const notifications = [
      notification(1, "membershipRequested"),
      notification(2, "membershipRequested"),
      notification(3, "invitationAnswered", { answer: "accepted" }),
    ]
    const api = fakeApi((call) => {
      const p = path(call.url)
      if (p === "/api/v2/notifications") return json(200, encode(Notification, notifications))
      if (p === "/api/v2/me/invitations") return json(200, [])
      if (p.endsWith("/requests")) return json(200, encode(MembershipRequest, [request(paul)]))
      return json(404, { _tag: "NotFound", code: "notFound", message: "no" })
    })
    const found = await api.runtime.runPromise(inbox)
    // One structure mentioned twice: asked once.
    expect(api.calls.filter((c) => path(c.url).endsWith("/requests"))).toHaveLength(1)
    expect(found.requests.map((r) => r.user.id)).toEqual([paul.id])
    expect(found.notifications).toHaveLength(3)
  })

  it("a validator's right taken away meanwhile leaves the requests out instead of failing the page", async () => {
    const api = fakeApi((call) => {
      const p = path(call.url)
      if (p === "/api/v2/notifications")
        return json(200, encode(Notification, [notification(1, "membershipRequested")]))
      if (p === "/api/v2/me/invitations") return json(200, [])
      return json(403, { _tag: "Forbidden", code: "forbidden", message: "no" })
    })
    const found = await api.runtime.runPromise(Effect.either(inbox))
    expect(found._tag === "Right" && found.right.requests).toEqual([])
  })

  it("counts the unread notifications for the badge", async () => {
    const list = [
      notification(1, "invitationReceived"),
      notification(2, "membershipAnswered", { read: true, answer: "refused" }),
    ]
    const api = fakeApi(() => json(200, encode(Notification, list)))
    expect(await api.runtime.runPromise(unreadCount)).toBe(1)
  })
})

import { lazyEffect } from "../../services/lazy"
import { adminUsersMachine } from "./adminUsers"

export const liveAdminUsersMachine = adminUsersMachine.provide({
  actors: {
    loadUsers: lazyEffect((live) => live.counters.adminUsers),
    setAdmin: lazyEffect((live, { user, admin }) => live.counters.setAdmin(user, admin)),
  },
})

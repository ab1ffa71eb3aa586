import type { DashboardAnswer, DashboardAsk } from "../../services/dashboard"
import { lazyEffect } from "../../services/lazy"
import { dashboardMachine } from "./dashboard"

/** A machine's dashboard with its call bound. */
export const liveDashboardMachine = dashboardMachine.provide({
  actors: {
    loadDashboard: lazyEffect<DashboardAnswer, DashboardAsk>((live, ask) => live.dashboard.load(ask)),
  },
})

import { lazyEffect } from "../../services/lazy"
import { homeOverviewMachine } from "./homeOverview"

export const liveHomeOverviewMachine = homeOverviewMachine.provide({
  actors: {
    loadOverview: lazyEffect((live, { from, to }) => live.overview.load(from, to)),
  },
})

import { Effect } from "effect"
import { fromPromise } from "xstate"
import { lazyEffect } from "../../services/lazy"
import { vegetationIndexMachine } from "./vegetationIndex"

/** How long the page waits before asking again for a season the server is fetching. */
export const pollMillis = 3000

export const liveVegetationIndexMachine = vegetationIndexMachine.provide({
  actors: {
    loadOverview: lazyEffect((live, year: number) =>
      Effect.all(
        { index: live.fields.index(), latest: live.vegetation.latest(year) },
        { concurrency: "unbounded" },
      ),
    ),
    loadSeason: lazyEffect((live, input) => live.vegetation.season(input.fieldId, input.year)),
    pause: fromPromise(() => new Promise<void>((resolve) => setTimeout(resolve, pollMillis))),
  },
})

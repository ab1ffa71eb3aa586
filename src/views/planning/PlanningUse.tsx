import { useActorRef, useSelector } from "@xstate/react"
import { DateTime } from "effect"
import { createContext, type ReactNode, useContext, useEffect, useMemo } from "react"
import type { bookingUseMachine } from "../../machines/booking/bookingUse"
import { liveBookingUseMachine } from "../../machines/booking/bookingUse.actors"
import type { PlanningWindow } from "../../machines/booking/planning.types"
import type { PlannedUse, PlanningUse, UseItem } from "../../schema/bookingUse"
import { browserZone } from "../machines/history/period"
import type { UsePayload } from "./events"

/** What the planning shows of the machines' use: each booking's state, and the work without booking. */
export interface ShownUse {
  /** The server answered: the caller accepts some of the structure's machines' bookings. */
  readonly answered: boolean
  readonly bookings: ReadonlyMap<string, PlannedUse>
  readonly unbooked: ReadonlyArray<UseItem>
  /** The work outside bookings, for the calendar: beyond a booking (on its days) or without any. */
  readonly outside: ReadonlyArray<UsePayload>
}
const nothing: ShownUse = { answered: false, bookings: new Map(), unbooked: [], outside: [] }
const UseInPlanning = createContext<ShownUse>(nothing)

/** The use the planning shows (nothing to whoever accepts no machine's bookings). */
export const useShownUse = (): ShownUse => useContext(UseInPlanning)

const Loaded = ({
  cluster,
  window,
  zone,
  machine,
  children,
}: {
  cluster: string
  window: PlanningWindow
  zone: string
  machine: typeof bookingUseMachine
  children: ReactNode
}) => {
  const from = DateTime.formatIso(window.from)
  const to = DateTime.formatIso(window.to)
  const actor = useActorRef(machine, { input: { kind: "planning", cluster, from, to, tz: zone } })
  const use = useSelector(actor, (s) => s.context.use as PlanningUse | null)
  // Back on the tab (a day computed, a booking accepted meanwhile): read it again, as the bookings are.
  useEffect(() => {
    const onVisible = () =>
      document.visibilityState === "visible" &&
      actor.send({ type: "use.show", ask: actor.getSnapshot().context.ask })
    document.addEventListener("visibilitychange", onVisible)
    return () => document.removeEventListener("visibilitychange", onVisible)
  }, [actor])
  useEffect(() => {
    const ask = actor.getSnapshot().context.ask
    if (ask.kind === "planning" && (ask.from !== from || ask.to !== to))
      actor.send({ type: "use.show", ask: { kind: "planning", cluster, from, to, tz: zone } })
  }, [actor, cluster, from, to, zone])
  const shown = useMemo<ShownUse>(
    () =>
      use === null
        ? nothing
        : {
            answered: true,
            bookings: new Map(use.bookings.map((b) => [b.booking, b])),
            unbooked: use.unbooked,
            outside: [
              ...use.bookings.flatMap((b) => b.beyond.map((item) => ({ use: item, beyond: true }))),
              ...use.unbooked.map((item) => ({ use: item, beyond: false })),
            ],
          },
    [use],
  )
  return <UseInPlanning.Provider value={shown}>{children}</UseInPlanning.Provider>
}

/**
 * Bookings reconciled with use in the planning (docs/booking-use.md): for the structure shown,
 * over the window shown, asked of the server; a member who accepts no machine's bookings there is
 * refused, and the planning then shows what it always showed.
 */
export const PlanningUseProvider = ({
  cluster,
  window,
  zone = browserZone(),
  machine = liveBookingUseMachine,
  children,
}: {
  cluster: string | null
  window: PlanningWindow
  zone?: string
  machine?: typeof bookingUseMachine
  children: ReactNode
}) =>
  cluster === null ? (
    children
  ) : (
    <Loaded key={cluster} cluster={cluster} window={window} zone={zone} machine={machine}>
      {children}
    </Loaded>
  )

import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react"
import type { ActorRefFrom, AnyActorRef, AnyStateMachine, EventFrom, SnapshotFrom } from "xstate"

/**
 * A chart that only a submit needs, loaded on the form's first focus or keystroke rather than with
 * the page (a first visit then carries neither the chart nor the validation and ApiClient behind it).
 * `machine` given (tests, stories) is used at once. The actor itself runs in a host component the
 * page renders beside its form once the chart is there (`chart`), and is handed back through
 * `onActor`; a submit made before it runs is kept and sent as soon as it does (`send`).
 */
export const useLazyChart = <Machine extends AnyStateMachine>(
  load: () => Promise<Machine>,
  machine?: Machine,
) => {
  type Event = EventFrom<Machine>
  const [chart, setChart] = useState(machine)
  const [actor, setActor] = useState<AnyActorRef>()
  const [pending, setPending] = useState<Event | null>(null)
  const [failed, setFailed] = useState(false)
  const held = useRef<Event | null>(null)
  const loading = useRef(false)
  const hold = (event: Event | null) => {
    held.current = event
    setPending(event)
  }

  const start = () => {
    if (chart !== undefined || loading.current) return
    loading.current = true
    load().then(setChart, () => {
      // Offline, or a new version replaced the files: a submit waiting says so; the next focus or
      // submit tries again.
      loading.current = false
      if (held.current !== null) {
        hold(null)
        setFailed(true)
      }
    })
  }

  const send = (event: Event) => {
    setFailed(false)
    if (actor) actor.send(event)
    else {
      hold(event)
      start()
    }
  }

  useEffect(() => {
    if (actor === undefined || pending === null) return
    held.current = null
    setPending(null)
    actor.send(pending)
  }, [actor, pending])

  return {
    chart,
    actor: actor as ActorRefFrom<Machine> | undefined,
    /** Starts loading the chart (the form's onFocus and onInput). */
    start,
    send,
    /** A submit waits for the chart. */
    waiting: pending !== null,
    /** The chart could not be loaded for the last submit. */
    failed,
    onActor: setActor as (actor: ActorRefFrom<Machine> | undefined) => void,
  }
}

/**
 * The latest snapshot of the chart's actor (undefined until it runs), read with React's own store
 * hook: @xstate/react would bring XState itself into the page's first load.
 */
export const useChartSnapshot = <Actor extends AnyActorRef>(
  actor: Actor | undefined,
): SnapshotFrom<Actor> | undefined => {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (actor === undefined) return () => {}
      const subscription = actor.subscribe({ next: onChange, error: onChange })
      return () => subscription.unsubscribe()
    },
    [actor],
  )
  return useSyncExternalStore(subscribe, () => actor?.getSnapshot())
}

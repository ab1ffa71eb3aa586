import { useLayoutEffect, useRef, useState } from "react"
import type { AnyStateMachine } from "xstate"

/** The view's implementations of a chart's named actions (`navigate…`, `notify…`, `handOver…`). */
export type ViewActions<Machine extends AnyStateMachine> = NonNullable<
  Parameters<Machine["provide"]>[0]["actions"]
>

type Implementation = (...args: ReadonlyArray<unknown>) => void

/**
 * How a view learns a chart's outcome: the chart fires its named actions, the view implements
 * them here. The chart is provided once (the actor is not re-created at each render) and each
 * action runs the implementation of the latest render (its navigate, notify, callbacks).
 */
export const useProvided = <Machine extends AnyStateMachine>(
  machine: Machine,
  actions: ViewActions<Machine>,
): Machine => {
  const latest = useRef(actions)
  useLayoutEffect(() => {
    latest.current = actions
  })
  const [provided] = useState(() =>
    machine.provide({
      actions: Object.fromEntries(
        Object.keys(actions).map((name) => [
          name,
          (...args: ReadonlyArray<unknown>) =>
            (latest.current as Record<string, Implementation | undefined>)[name]?.(...args),
        ]),
      ),
    }),
  )
  return provided as Machine
}

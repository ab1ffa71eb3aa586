import { Button, Group, Loader, SimpleGrid, Stack, Text, Title } from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { useCallback } from "react"
import type { ActorRefFrom } from "xstate"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveBoxHistoryMachine } from "../../machines/counters/boxHistory.actors"
import { liveCountersMachine } from "../../machines/counters/counters.actors"
import { ServerAlert } from "../common/FormMessages"
import { wrapping } from "../common/RightHint"
import type { AssociationMachine } from "./AssociationItem"
import { CounterCard } from "./CounterCard"
import type { BoxHistoryMachine } from "./MachineBoxHistory"

export type CountersMachine = typeof liveCountersMachine

/**
 * /counter and /counterMobile: the boxes of the person's structures, each with its battery (a
 * clear mark when low), last communication, the machine it is on, and its associations.
 * /counter sits in the Databox section, whose title is the page's h1; /counterMobile (`phone`)
 * stands alone, so its title is the h1 there.
 */
export const CountersPage = ({
  machine = liveCountersMachine,
  history = liveBoxHistoryMachine,
  association,
  now = Date.now(),
  phone = false,
}: {
  machine?: CountersMachine
  history?: BoxHistoryMachine
  association?: AssociationMachine
  now?: number
  phone?: boolean
}) => {
  const { LL } = useI18nContext()
  const actor = useActorRef(machine)
  return (
    <Stack gap="md">
      <Title order={phone ? 1 : 2} size="h2">
        {LL.counters.list.title()}
      </Title>
      <Text c="dimmed">{LL.counters.list.intro()}</Text>
      <Group gap="sm">
        <Button component={Link} to="/counter/Association" size="md" {...wrapping}>
          {LL.counters.list.associate()}
        </Button>
      </Group>
      <CounterCards actor={actor} history={history} association={association} now={now} phone={phone} />
    </Stack>
  )
}

const CounterCards = ({
  actor,
  history,
  association,
  now,
  phone,
}: {
  actor: ActorRefFrom<CountersMachine>
  history: BoxHistoryMachine
  association?: AssociationMachine
  now: number
  phone: boolean
}) => {
  const { LL } = useI18nContext()
  const state = useSelector(actor, (s) => s)
  const { counters, error } = state.context
  const refresh = useCallback(() => actor.send({ type: "counters.refresh" }), [actor])
  if (state.matches("failed"))
    return (
      <Stack gap="sm">
        <ServerAlert code={error} />
        <Button size="md" variant="light" onClick={() => actor.send({ type: "counters.retry" })}>
          {LL.counters.history.retry()}
        </Button>
      </Stack>
    )
  if (counters === null) return <Loader role="progressbar" aria-label={LL.app.loading()} />
  if (counters.length === 0) return <Text>{LL.counters.list.empty()}</Text>
  return (
    <SimpleGrid
      cols={phone ? 1 : { base: 1, md: 2 }}
      spacing="md"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: "none" }}
    >
      {counters.map((c) => (
        <CounterCard
          key={c.id}
          counter={c}
          onChanged={refresh}
          history={history}
          association={association}
          now={now}
        />
      ))}
    </SimpleGrid>
  )
}

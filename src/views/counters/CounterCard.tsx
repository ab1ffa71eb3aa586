import { Badge, Card, Group, Stack, Text, Title } from "@mantine/core"
import { useActorRef } from "@xstate/react"
import { useCallback } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { Counter } from "../../schema/counter"
import { ago } from "../common/ago"
import { lowBattery } from "../common/format"
import type { AssociationMachine } from "./AssociationItem"
import { AssociationList, type BoxHistoryMachine } from "./MachineBoxHistory"

/** One box of the person's structures, with its facts and its associations. */
export const CounterCard = ({
  counter,
  onChanged,
  history,
  association,
  now,
}: {
  counter: Counter
  onChanged: () => void
  history: BoxHistoryMachine
  association?: AssociationMachine
  now: number
}) => {
  const { LL } = useI18nContext()
  const actor = useActorRef(history, { input: { source: { counter: counter.id } } })
  const low = counter.battery !== null && counter.battery < lowBattery
  const refresh = useCallback(() => {
    actor.send({ type: "boxHistory.refresh" })
    onChanged()
  }, [actor, onChanged])
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      padding="md"
      aria-label={LL.counters.association.box({ id: counter.id })}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h4" style={{ overflowWrap: "anywhere" }}>
            {LL.counters.association.box({ id: counter.id })}
          </Title>
          {counter.battery === null ? (
            <Badge color="gray" variant="light">
              {LL.counters.list.batteryUnknown()}
            </Badge>
          ) : (
            <Badge color={low ? "red" : "green"} variant={low ? "filled" : "light"} size="lg">
              {low ? `⚠ ${LL.counters.list.lowBattery()} · ` : `${LL.counters.list.battery()} `}
              {counter.battery} %
            </Badge>
          )}
        </Group>
        <Text size="sm">
          {LL.counters.list.lastCommunication()} :{" "}
          {counter.lastCommunication === null
            ? LL.counters.list.never()
            : ago(LL, counter.lastCommunication, now)}
        </Text>
        <Text size="sm">
          {LL.counters.list.structure()} : {counter.cluster?.name ?? LL.counters.list.noStructure()}
        </Text>
        <Text size="sm" fw={600}>
          {counter.machine === null
            ? LL.counters.list.onNoMachine()
            : `${LL.counters.list.onMachine()} : ${counter.machine.name}`}
        </Text>
        <AssociationList
          actor={actor}
          show="machine"
          association={association}
          now={now}
          empty={LL.counters.history.emptyBox()}
          onChanged={refresh}
          foldPast
        />
      </Stack>
    </Card>
  )
}

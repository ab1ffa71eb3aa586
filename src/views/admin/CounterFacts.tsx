import { Badge, Group, Stack, Text, Title } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import type { TranslationFunctions } from "../../i18n/i18n-types"
import type { Counter } from "../../schema/counter"
import { ago } from "../common/ago"
import { lowBattery } from "../common/format"

const Battery = ({ counter }: { counter: Counter }) => {
  const { LL } = useI18nContext()
  if (counter.battery === null)
    return (
      <Badge color="gray" variant="light">
        {LL.counters.list.batteryUnknown()}
      </Badge>
    )
  const low = counter.battery < lowBattery
  return (
    <Badge color={low ? "red" : "green"} variant={low ? "filled" : "light"} size="lg">
      {low ? `⚠ ${LL.counters.list.lowBattery()} · ` : `${LL.counters.list.battery()} `}
      {counter.battery} %
    </Badge>
  )
}

/** A box's name as the lists show it: "Boîtier X", or "Téléphone X" for a phone. */
export const counterTitle = (LL: TranslationFunctions, counter: Pick<Counter, "id" | "kind">) =>
  counter.kind === "phone"
    ? LL.counters.association.phone({ id: counter.id })
    : LL.counters.association.box({ id: counter.id })

/** A box's facts as the admin lists show them: battery, last communication, structure, machine. */
export const CounterFacts = ({ counter, now }: { counter: Counter; now: number }) => {
  const { LL } = useI18nContext()
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={3} size="h4" style={{ overflowWrap: "anywhere" }}>
          {counterTitle(LL, counter)}
        </Title>
        <Battery counter={counter} />
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
      <Text size="sm">
        {counter.machine === null
          ? LL.counters.list.onNoMachine()
          : `${LL.counters.list.onMachine()} : ${counter.machine.name}`}
      </Text>
    </Stack>
  )
}

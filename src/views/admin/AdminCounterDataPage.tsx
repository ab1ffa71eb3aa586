import { Badge, Card, Loader, NativeSelect, Stack, Text, Title } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveAdminCountersMachine } from "../../machines/admin/adminCounters.actors"
import { liveAdminBoxHistoryMachine } from "../../machines/counters/boxHistory.actors"
import type { FixesTableMachine } from "../../machines/telemetry/fixesTable"
import { liveCounterDataMachine } from "../../machines/telemetry/fixesTable.actors"
import type { Counter } from "../../schema/counter"
import { ServerAlert } from "../common/FormMessages"
import { formatDate } from "../common/format"
import type { BoxHistoryMachine } from "../counters/MachineBoxHistory"
import { FixesPanel } from "../telemetry/FixesPanel"
import { type AdminCountersMachine, CounterFacts } from "./AdminCountersPage"
import { AdminLoad } from "./AdminStates"

/** A box's associations, read only, whatever its structure (the administrators' endpoint). */
const Associations = ({
  counter,
  history,
  now,
}: {
  counter: Counter
  history: BoxHistoryMachine
  now: number
}) => {
  const { LL, locale } = useI18nContext()
  const actor = useActorRef(history, { input: { source: { counter: counter.id } } })
  const state = useSelector(actor, (s) => s)
  const { associations, error } = state.context
  if (state.matches("failed")) return <ServerAlert code={error} />
  if (associations === null) return <Loader role="progressbar" size="sm" aria-label={LL.app.loading()} />
  if (associations.length === 0) return <Text size="sm">{LL.counters.history.emptyBox()}</Text>
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
      {associations.map((a) => {
        const ongoing = a.end_date === null || a.end_date.epochMillis > now
        return (
          <Card key={a.id} component="li" withBorder padding="sm" radius="sm">
            <Text size="sm" fw={600}>
              {LL.counters.association.machine()} : {a.machines.map((m) => m.name).join(", ")}
            </Text>
            <Text size="sm">
              {LL.counters.association.start()} : {formatDate(a.start_date, locale)}
            </Text>
            <Text size="sm">
              {LL.counters.association.end()} :{" "}
              {a.end_date === null ? LL.counters.association.ongoing() : formatDate(a.end_date, locale)}{" "}
              {ongoing ? <Badge size="sm">{LL.counters.association.ongoing()}</Badge> : null}
            </Text>
          </Card>
        )
      })}
    </Stack>
  )
}

/**
 * /admin/counterdata: pick a box, see its facts, its associations and its raw fixes over a UTC
 * period, whatever machine they are attributed to (those outside every association marked).
 */
export const AdminCounterDataPage = ({
  machine = liveAdminCountersMachine,
  history = liveAdminBoxHistoryMachine,
  fixes = liveCounterDataMachine,
  now = Date.now(),
}: {
  machine?: AdminCountersMachine
  history?: BoxHistoryMachine
  fixes?: FixesTableMachine
  now?: number
}) => {
  const { LL } = useI18nContext()
  const actor = useActorRef(machine)
  const state = useSelector(actor, (s) => s)
  const [picked, setPicked] = useState<string | null>(null)
  const { counters, error } = state.context
  const counter = counters?.find((c) => c.id === picked) ?? null
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {LL.counters.admin.counterdata()}
      </Title>
      <AdminLoad
        forbidden={state.matches("forbidden")}
        failed={state.matches("failed")}
        loaded={counters !== null}
        error={error}
        onRetry={() => actor.send({ type: "adminCounters.retry" })}
      >
        <NativeSelect
          label={LL.counters.admin.pickCounter()}
          size="md"
          maw={420}
          data={[{ value: "", label: "—" }, ...(counters ?? []).map((c) => ({ value: c.id, label: c.id }))]}
          value={picked ?? ""}
          onChange={(e) => setPicked(e.currentTarget.value === "" ? null : e.currentTarget.value)}
        />
        {counter !== null ? (
          <Card withBorder radius="md" padding="md">
            <Stack gap="sm">
              <Text fw={600}>{LL.counters.admin.facts()}</Text>
              <CounterFacts counter={counter} now={now} />
              <Associations key={counter.id} counter={counter} history={history} now={now} />
            </Stack>
          </Card>
        ) : null}
        {counter !== null ? (
          <Card withBorder radius="md" padding="md">
            <Stack gap="sm">
              <Text fw={600}>{LL.telemetry.table()}</Text>
              <Text size="sm" c="dimmed">
                {LL.telemetry.counterdataIntro()}
              </Text>
              <FixesPanel key={counter.id} machine={fixes} kind="counter" fixed={counter.id} now={now} />
            </Stack>
          </Card>
        ) : null}
      </AdminLoad>
    </Stack>
  )
}

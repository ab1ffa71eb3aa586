import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useState } from "react"
import { errorText } from "../../i18n/errorText"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveAdminCountersMachine } from "../../machines/admin/adminCounters.actors"
import { isPast } from "../../machines/counters/association"
import { liveAdminBoxHistoryMachine } from "../../machines/counters/boxHistory.actors"
import type { Counter } from "../../schema/counter"
import { ago, lowBattery } from "../common/format"
import { wrapping } from "../common/RightHint"
import type { BoxHistoryMachine } from "../counters/MachineBoxHistory"
import { AdminLoad, cardList, Outcome } from "./AdminStates"
import { ClusterPicker, type ClusterSearchMachine } from "./ClusterPicker"

export type AdminCountersMachine = typeof liveAdminCountersMachine
type Actor = ReturnType<typeof useActorRef<AdminCountersMachine>>

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

/** A box's facts as the admin lists show them: battery, last communication, structure, machine. */
export const CounterFacts = ({ counter, now }: { counter: Counter; now: number }) => {
  const { LL } = useI18nContext()
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={3} size="h4" style={{ overflowWrap: "anywhere" }}>
          {LL.counters.association.box({ id: counter.id })}
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

const useAdminCounters = (machine: AdminCountersMachine) => {
  const actor = useActorRef(machine)
  const state = useSelector(actor, (s) => s)
  return { actor, state }
}

const Load = ({ actor, children }: { actor: Actor; children: React.ReactNode }) => {
  const state = useSelector(actor, (s) => s)
  return (
    <AdminLoad
      forbidden={state.matches("forbidden")}
      failed={state.matches("failed")}
      loaded={state.context.counters !== null}
      error={state.context.error}
      onRetry={() => actor.send({ type: "adminCounters.retry" })}
    >
      {children}
    </AdminLoad>
  )
}

/** /admin/counters: register a box; every box with its battery and last communication. */
export const AdminCountersPage = ({
  machine = liveAdminCountersMachine,
  now = Date.now(),
}: {
  machine?: AdminCountersMachine
  now?: number
}) => {
  const { LL } = useI18nContext()
  const { actor, state } = useAdminCounters(machine)
  const [id, setId] = useState("")
  const { counters, errors, error, registered } = state.context
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {LL.counters.admin.counters()}
      </Title>
      <Load actor={actor}>
        <form
          onSubmit={(e) => {
            e.preventDefault()
            actor.send({ type: "adminCounters.register", id })
          }}
        >
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={LL.counters.admin.counterId()}
              size="md"
              value={id}
              onChange={(e) => setId(e.currentTarget.value)}
              error={errors.id ? errorText(LL, errors.id) : undefined}
              style={{ flex: "1 1 200px" }}
            />
            <Button
              type="submit"
              size="md"
              loading={state.matches("registering")}
              disabled={!state.can({ type: "adminCounters.register", id })}
              {...wrapping}
            >
              {LL.counters.admin.register()}
            </Button>
          </Group>
        </form>
        <Outcome done={registered ? LL.counters.admin.registered({ id: registered }) : null} error={error} />
        {counters?.length === 0 ? <Text>{LL.counters.admin.noCounters()}</Text> : null}
        <SimpleGrid {...cardList}>
          {(counters ?? []).map((c) => (
            <Card
              key={c.id}
              component="li"
              withBorder
              radius="md"
              padding="md"
              aria-label={LL.counters.association.box({ id: c.id })}
            >
              <CounterFacts counter={c} now={now} />
            </Card>
          ))}
        </SimpleGrid>
      </Load>
    </Stack>
  )
}

/**
 * Whether a box is in use (on a machine now, or with a current or coming association), which
 * keeps it in its structure; null while its associations are loading.
 */
const useInUse = (counter: Counter, history: BoxHistoryMachine, now: number): boolean | null => {
  const actor = useActorRef(history, { input: { source: { counter: counter.id } } })
  const associations = useSelector(actor, (s) => s.context.associations)
  const failed = useSelector(actor, (s) => s.matches("failed"))
  if (counter.machine !== null) return true
  // Unknown (the list could not load): the server still decides, its refusal is translated.
  if (failed) return false
  if (associations === null) return null
  return associations.some((a) => !isPast(a, now))
}

const AttributionCard = ({
  counter: c,
  actor,
  state,
  search,
  history,
  now,
  open,
  setOpen,
}: {
  counter: Counter
  actor: Actor
  state: ReturnType<typeof useAdminCounters>["state"]
  search?: ClusterSearchMachine
  history: BoxHistoryMachine
  now: number
  open: boolean
  setOpen: (id: string | null) => void
}) => {
  const { LL } = useI18nContext()
  const { saving } = state.context
  const inUse = useInUse(c, history, now)
  const hintId = `attribution-hint-${c.id}`
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      padding="md"
      aria-label={LL.counters.association.box({ id: c.id })}
    >
      <Stack gap="sm">
        <CounterFacts counter={c} now={now} />
        {open ? (
          <ClusterPicker
            current={c.cluster}
            busy={saving !== null}
            search={search}
            onPick={(cluster) => {
              setOpen(null)
              actor.send({ type: "adminCounters.attribute", counter: c.id, cluster })
            }}
          />
        ) : (
          <>
            <Button
              size="md"
              variant="light"
              loading={saving === c.id || inUse === null}
              disabled={
                inUse !== false ||
                !state.can({ type: "adminCounters.attribute", counter: c.id, cluster: null })
              }
              onClick={() => setOpen(c.id)}
              aria-label={`${LL.counters.admin.change()} : ${LL.counters.association.box({ id: c.id })}`}
              aria-describedby={inUse === true ? hintId : undefined}
              {...wrapping}
            >
              {LL.counters.admin.change()}
            </Button>
            {inUse === true ? (
              <Text id={hintId} size="sm" fw={600} role="note">
                {LL.counters.admin.attributionHint()}
              </Text>
            ) : null}
          </>
        )}
      </Stack>
    </Card>
  )
}

/**
 * /admin/counters-attributions: which structure each box belongs to, and changing it; a box in
 * use (current or coming association) cannot change, so "Changer" is disabled there with the reason.
 */
export const AdminCounterAttributionsPage = ({
  machine = liveAdminCountersMachine,
  search,
  history = liveAdminBoxHistoryMachine,
  now = Date.now(),
}: {
  machine?: AdminCountersMachine
  search?: ClusterSearchMachine
  history?: BoxHistoryMachine
  now?: number
}) => {
  const { LL } = useI18nContext()
  const { actor, state } = useAdminCounters(machine)
  const [open, setOpen] = useState<string | null>(null)
  const { counters, error, attributed } = state.context
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {LL.counters.admin.attribution()}
      </Title>
      <Text c="dimmed">{LL.counters.admin.attributionHint()}</Text>
      <Load actor={actor}>
        <Outcome done={attributed ? LL.counters.admin.attributed({ id: attributed }) : null} error={error} />
        {counters?.length === 0 ? <Text>{LL.counters.admin.noCounters()}</Text> : null}
        <SimpleGrid {...cardList}>
          {(counters ?? []).map((c) => (
            <AttributionCard
              key={c.id}
              counter={c}
              actor={actor}
              state={state}
              search={search}
              history={history}
              now={now}
              open={open === c.id}
              setOpen={setOpen}
            />
          ))}
        </SimpleGrid>
      </Load>
    </Stack>
  )
}

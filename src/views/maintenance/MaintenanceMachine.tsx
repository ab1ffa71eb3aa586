import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useMemo, useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { MaintenanceMachineActor } from "../../machines/maintenance/maintenanceMachine"
import { liveMaintenanceMachineMachine } from "../../machines/maintenance/maintenanceMachine.actors"
import type { MachineId } from "../../schema/ids"
import type { CounterNow, MaintenanceAction, ReadableCounter } from "../../schema/maintenance"
import { DateTimeField } from "../common/DateTimeField"
import { ServerAlert, useFieldError } from "../common/FormMessages"
import { formatDate } from "../common/format"
import { LoadStatus } from "../common/Loading"
import { useLastShown } from "../common/useLastShown"
import { useNumber } from "../common/useNumber"
import { Remaining, statusColor } from "./MaintenanceDashboard"

const readable: ReadonlyArray<ReadableCounter> = ["engineHours", "workingHours", "km"]

/** One counter: its value now, the reading it runs from, how fast it grows. */
const CounterCard = ({ counter }: { counter: CounterNow }) => {
  const { LL, locale } = useI18nContext()
  const t = LL.upkeepMachine
  const number = useNumber(1)
  const unit = (value: number) => LL.upkeep.counter[counter.counter]({ value: number(value) })
  return (
    <Paper withBorder p="sm">
      <Text fw={700}>{counter.value === null ? t.unknownYears() : unit(counter.value)}</Text>
      {counter.counter === "years" ? null : (
        <>
          <Text size="sm" c="dimmed">
            {counter.reading === null
              ? t.fromBoxes()
              : t.readAt({
                  value: number(counter.reading.value),
                  date: formatDate(counter.reading.at, locale),
                })}
          </Text>
          {counter.perDay > 0 ? (
            <Text size="sm" c="dimmed">
              {t.perDay({ n: number(counter.perDay) })}
            </Text>
          ) : null}
        </>
      )}
    </Paper>
  )
}

/** The counter read on the machine: which, its value, when (now unless changed). */
const ReadingFormView = ({ actor }: { actor: MaintenanceMachineActor }) => {
  const { LL } = useI18nContext()
  const t = LL.upkeepMachine.reading
  const fieldError = useFieldError()
  const [counter, setCounter] = useState<ReadableCounter>("engineHours")
  const [value, setValue] = useState("")
  const [date, setDate] = useState<number | null>(() => Date.now())
  const errors = useSelector(actor, (s) => s.context.errors)
  const saving = useSelector(actor, (s) => s.matches("savingReading"))
  return (
    <Paper withBorder p="sm" component="section" aria-label={t.title()}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({
            type: "reading.save",
            counter,
            value,
            date: date === null ? "" : new Date(date).toISOString(),
          })
        }}
      >
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t.title()}
          </Title>
          <Text size="sm" c="dimmed">
            {t.help()}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              size="md"
              label={t.counter()}
              allowDeselect={false}
              data={readable.map((c) => ({ value: c, label: LL.upkeepRules.form.counters[c]() }))}
              value={counter}
              onChange={(c) => c !== null && setCounter(c as ReadableCounter)}
            />
            <TextInput
              size="md"
              inputMode="decimal"
              label={t.value()}
              required
              value={value}
              error={fieldError(errors.value)}
              onChange={(e) => setValue(e.currentTarget.value)}
            />
          </SimpleGrid>
          <DateTimeField
            label={t.date()}
            value={date}
            required
            error={fieldError(errors.date)}
            onChange={(v) => setDate(v)}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              {t.save()}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}

/** One maintenance done: when, which rules, what it cost, who; its delete button for a manager. */
const ActionItem = ({
  action,
  canRemove,
  busy,
  onRemove,
}: {
  action: MaintenanceAction
  canRemove: boolean
  busy: boolean
  onRemove: () => void
}) => {
  const { LL, locale } = useI18nContext()
  const t = LL.upkeepMachine
  const number = useNumber(1)
  const date = formatDate(action.date, locale)
  const money = new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" })
  const author =
    action.author === null
      ? null
      : (action.author.name ?? `${action.author.firstname} ${action.author.lastname}`)
  return (
    <Paper withBorder p="sm" component="li" aria-label={date}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: "1 1 16rem" }}>
          <Text fw={700}>{date}</Text>
          <Text size="sm">{t.done({ names: action.rules.map((r) => r.name).join(", ") })}</Text>
          {action.readings.length === 0 ? null : (
            <Text size="sm" c="dimmed">
              {t.read({
                values: action.readings
                  .map((r) => LL.upkeep.counter[r.counter]({ value: number(r.value) }))
                  .join(", "),
              })}
            </Text>
          )}
          {action.comment === "" ? null : <Text size="sm">{action.comment}</Text>}
          {action.costCents === null ? null : (
            <Text size="sm">{t.cost({ cost: money.format(action.costCents / 100) })}</Text>
          )}
          {action.parts === "" ? null : <Text size="sm">{t.parts({ parts: action.parts })}</Text>}
          {action.doneBy === "" ? null : <Text size="sm">{t.doneBy({ who: action.doneBy })}</Text>}
          {author === null ? null : (
            <Text size="xs" c="dimmed">
              {t.recordedBy({ name: author })}
            </Text>
          )}
        </Stack>
        {canRemove ? (
          <Button
            variant="default"
            color="red"
            disabled={busy}
            onClick={onRemove}
            aria-label={t.removeOf({ date })}
          >
            {t.remove()}
          </Button>
        ) : null}
      </Group>
    </Paper>
  )
}

/**
 * The "Machines" tab of maintenance (docs/maintenance.md): one machine's counters, where each of
 * its rules stands and the maintenance done on it; a manager enters a counter read on the machine
 * and deletes an action recorded by mistake.
 */
export const MaintenanceMachine = ({
  actor,
  onPick,
}: {
  actor: MaintenanceMachineActor
  /** The machine chosen in the list (the route keeps it in the address). */
  onPick?: (machine: MachineId) => void
}) => {
  const { LL, locale } = useI18nContext()
  const t = LL.upkeepMachine
  const state = useSelector(actor, (s) => s)
  const { machines, machine, sheet, removing, saved, error } = state.context
  const busy = state.hasTag("busy")
  const asked = sheet?.actions.find((a) => a.id === removing) ?? null
  const shownAsked = useLastShown(state.matches("confirming") || state.matches("removing") ? asked : null)
  const manage = sheet?.detail.can.manage ?? false
  // A new answer (a reading recorded) empties the reading's form; a refusal keeps what was typed.
  const formKey = useMemo(() => (sheet === null ? "" : crypto.randomUUID()), [sheet])
  return (
    <Stack gap="sm" component="section" aria-labelledby="maintenance-machine-title">
      <Title order={2} size="h3" id="maintenance-machine-title">
        {t.title()}
      </Title>
      <LoadStatus
        loading={state.matches("listing")}
        failed={state.matches("listFailed")}
        code={error}
        texts={{ loading: t.loading(), loadFailed: t.loadFailed(), retry: t.retry() }}
        onRetry={() => actor.send({ type: "machine.retry" })}
      />
      {machines === null ? null : (
        <Select
          size="md"
          label={t.machine()}
          placeholder={t.machinePlaceholder()}
          searchable
          allowDeselect={false}
          data={machines.map((m) => ({ value: m.id, label: `${m.name} · ${m.cluster.name}` }))}
          value={machine}
          onChange={(id) => {
            if (id === null) return
            actor.send({ type: "machine.pick", machine: id as MachineId })
            onPick?.(id as MachineId)
          }}
        />
      )}
      {state.matches("choosing") ? <Text c="dimmed">{t.choose()}</Text> : null}
      <LoadStatus
        loading={state.matches("loading")}
        failed={state.matches("failed")}
        code={error}
        texts={{ loading: t.loading(), loadFailed: t.loadFailed(), retry: t.retry() }}
        onRetry={() => actor.send({ type: "machine.retry" })}
      />
      {saved === null ? null : (
        <Alert color="green" variant="light" role="status">
          {saved === "reading" ? t.readingSaved() : t.removed()}
        </Alert>
      )}
      {sheet === null ? null : (
        <>
          <Title order={3} size="h4">
            {t.counterList()}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            {sheet.detail.counters.map((c) => (
              <CounterCard key={c.counter} counter={c} />
            ))}
          </SimpleGrid>
          {manage ? <ReadingFormView key={formKey} actor={actor} /> : null}
          {state.matches("ready") && saved === null ? <ServerAlert code={error} /> : null}
          <Title order={3} size="h4">
            {t.rules()}
          </Title>
          {sheet.detail.rules.length === 0 ? (
            <Text c="dimmed">{t.noRules()}</Text>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
              {sheet.detail.rules.map((r) => (
                <Paper
                  key={`${r.profile.id}:${r.rule.id}`}
                  withBorder
                  p="sm"
                  component="li"
                  aria-label={r.rule.name}
                >
                  <Group gap="xs" wrap="wrap">
                    <Text fw={700}>{r.rule.name}</Text>
                    <Badge color={statusColor[r.status]} variant="light">
                      {LL.upkeep.status[r.status]()}
                    </Badge>
                    <Text size="sm" c="dimmed">
                      {r.profile.name}
                    </Text>
                  </Group>
                  <Remaining state={r} />
                  {r.estimatedAt === null ? null : (
                    <Text size="sm" c="dimmed">
                      {LL.upkeep.estimated({ date: formatDate(r.estimatedAt, locale) })}
                    </Text>
                  )}
                </Paper>
              ))}
            </Stack>
          )}
          <Title order={3} size="h4">
            {t.history()}
          </Title>
          {sheet.actions.length === 0 ? (
            <Text c="dimmed">{t.noActions()}</Text>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={t.history()}>
              {sheet.actions.map((a) => (
                <ActionItem
                  key={a.id}
                  action={a}
                  canRemove={manage}
                  busy={busy}
                  onRemove={() => actor.send({ type: "action.remove", id: a.id })}
                />
              ))}
            </Stack>
          )}
        </>
      )}
      <Modal
        opened={state.matches("confirming") || state.matches("removing")}
        onClose={() => actor.send({ type: "action.cancel" })}
        title={t.confirm.title()}
        closeButtonProps={{ "aria-label": LL.app.closeDialog() }}
      >
        <Stack gap="sm">
          <Text>
            {shownAsked === null
              ? ""
              : t.confirm.body({
                  date: formatDate(shownAsked.date, locale),
                  names: shownAsked.rules.map((r) => r.name).join(", "),
                })}
          </Text>
          {state.matches("confirming") ? <ServerAlert code={error} /> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" disabled={busy} onClick={() => actor.send({ type: "action.cancel" })}>
              {t.confirm.cancel()}
            </Button>
            <Button
              color="red"
              loading={state.matches("removing")}
              onClick={() => actor.send({ type: "action.confirm" })}
            >
              {t.confirm.confirm()}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}

/** The route's screen: the tab with its calls bound; the machine in the address is shown once the list is read. */
export const MaintenanceMachinePage = ({
  machine = liveMaintenanceMachineMachine,
  initial,
  onPick,
}: {
  machine?: typeof liveMaintenanceMachineMachine
  initial?: MachineId
  onPick?: (machine: MachineId) => void
}) => {
  const actor = useActorRef(machine)
  const choosing = useSelector(actor, (s) => s.matches("choosing"))
  useEffect(() => {
    if (choosing && initial !== undefined) actor.send({ type: "machine.pick", machine: initial })
  }, [choosing, initial, actor])
  return <MaintenanceMachine actor={actor} onPick={onPick} />
}

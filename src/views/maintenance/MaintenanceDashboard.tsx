import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { ActionValues, MaintenanceDashboardActor } from "../../machines/maintenance/maintenanceDashboard"
import { liveMaintenanceDashboardMachine } from "../../machines/maintenance/maintenanceDashboard.actors"
import { MaintenanceActionId } from "../../schema/ids"
import type { MachineRuleState, RuleStatus } from "../../schema/maintenance"
import { DateTimeField } from "../common/DateTimeField"
import { ServerAlert, useFieldError } from "../common/FormMessages"
import { formatDate } from "../common/format"
import { LoadStatus } from "../common/Loading"
import { useLastShown } from "../common/useLastShown"
import { useNumber } from "../common/useNumber"

export const statusColor: Readonly<Record<RuleStatus, string>> = {
  ok: "green",
  soon: "orange",
  due: "orange",
  overdue: "red",
  unknown: "gray",
}

const yearDays = 365.2425

/** What remains before the rule is due, or how far past it (days for rules counted in years). */
export const Remaining = ({ state }: { state: MachineRuleState }) => {
  const { LL } = useI18nContext()
  const t = LL.upkeep
  const number = useNumber(1)
  if (state.remaining === null) return <Text size="sm">{t.unknownCounter()}</Text>
  const unit = state.rule.unit
  const amount = (n: number) => (unit === "years" ? number(Math.round(n * yearDays), 0) : number(n))
  if (state.remaining === 0) return <Text size="sm">{t.dueNow()}</Text>
  return (
    <Text size="sm" fw={600}>
      {state.remaining > 0
        ? t.remaining[unit]({ n: amount(state.remaining) })
        : t.late[unit]({ n: amount(-state.remaining) })}
    </Text>
  )
}

/** One rule of one machine: where it stands, when it was last done, and its button. */
const RuleCard = ({
  state,
  onRecord,
  busy,
}: {
  state: MachineRuleState
  onRecord: () => void
  busy: boolean
}) => {
  const { LL, locale } = useI18nContext()
  const t = LL.upkeep
  const number = useNumber(1)
  return (
    <Paper withBorder p="sm" component="li" aria-label={`${state.machine.name} — ${state.rule.name}`}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={4} style={{ minWidth: 0, flex: "1 1 16rem" }}>
          <Group gap="xs" wrap="wrap">
            <Anchor
              renderRoot={(props) => (
                <Link {...props} to="/maintenance/machines" search={{ machine: state.machine.id }} />
              )}
              fw={700}
              c="inherit"
              underline="always"
            >
              {state.machine.name}
            </Anchor>
            <Badge
              color={statusColor[state.status]}
              variant={state.status === "due" || state.status === "overdue" ? "filled" : "light"}
            >
              {t.status[state.status]()}
            </Badge>
          </Group>
          <Text>
            {state.rule.name}{" "}
            <Text span size="sm" c="dimmed">
              · {state.profile.name} · {state.cluster.name}
            </Text>
          </Text>
          <Remaining state={state} />
          {state.counter === null ? null : (
            <Text size="sm" c="dimmed">
              {t.counter[state.rule.counter]({ value: number(state.counter) })}
            </Text>
          )}
          {state.estimatedAt === null ? null : (
            <Text size="sm" c="dimmed">
              {t.estimated({ date: formatDate(state.estimatedAt, locale) })}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {state.lastAction === null
              ? t.never()
              : t.lastDone({ date: formatDate(state.lastAction.date, locale) })}
          </Text>
        </Stack>
        {state.can.record ? (
          <Button
            size="md"
            variant={state.status === "ok" ? "default" : "filled"}
            disabled={busy}
            onClick={onRecord}
            aria-label={t.recordOf({ rule: state.rule.name, machine: state.machine.name })}
          >
            {t.record()}
          </Button>
        ) : null}
      </Group>
    </Paper>
  )
}

/** The action's form: the date (now unless changed), a comment, the cost. */
const ActionFormView = ({ actor, state }: { actor: MaintenanceDashboardActor; state: MachineRuleState }) => {
  const { LL } = useI18nContext()
  const t = LL.upkeep.form
  const fieldError = useFieldError()
  // The action's id is chosen once per form: sending the same form again records it once.
  const [id] = useState(() => MaintenanceActionId.make(crypto.randomUUID()))
  const [date, setDate] = useState<number | null>(() => Date.now())
  const [values, setValues] = useState<Omit<ActionValues, "date">>({ comment: "", cost: "" })
  const { errors, error } = useSelector(actor, (s) => s.context)
  const saving = useSelector(actor, (s) => s.matches("saving"))
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        actor.send({
          type: "maintenance.save",
          id,
          machine: state.machine.id,
          rule: state.rule.id,
          values: { ...values, date: date === null ? "" : new Date(date).toISOString() },
        })
      }}
    >
      <Stack gap="sm">
        <DateTimeField
          label={t.date()}
          value={date}
          required
          error={fieldError(errors.date)}
          onChange={(value) => setDate(value)}
        />
        <Textarea
          size="md"
          label={t.comment()}
          minRows={2}
          value={values.comment}
          error={fieldError(errors.comment)}
          onChange={(e) => setValues({ ...values, comment: e.currentTarget.value })}
        />
        <TextInput
          size="md"
          inputMode="decimal"
          label={t.cost()}
          description={t.costHelp()}
          value={values.cost}
          error={fieldError(errors.cost)}
          onChange={(e) => setValues({ ...values, cost: e.currentTarget.value })}
        />
        <ServerAlert code={error} />
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            disabled={saving}
            onClick={() => actor.send({ type: "maintenance.cancel" })}
          >
            {t.cancel()}
          </Button>
          <Button type="submit" loading={saving}>
            {t.save()}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/**
 * The maintenance dashboard (docs/maintenance.md): every rule of every machine the person sees,
 * most urgent first, with what remains and when it was last done; whoever manages a machine
 * records the maintenance done from its rule.
 */
export const MaintenanceDashboard = ({ actor }: { actor: MaintenanceDashboardActor }) => {
  const { LL } = useI18nContext()
  const t = LL.upkeep
  const state = useSelector(actor, (s) => s)
  const { states, recording, saved, error } = state.context
  const open =
    states?.find((s) => s.machine.id === recording?.machine && s.rule.id === recording?.rule) ?? null
  const titled = useLastShown(open)
  const ruleName = (id: string | null) => states?.find((s) => s.rule.id === id)?.rule.name ?? ""
  return (
    <Stack gap="sm" component="section" aria-labelledby="maintenance-title">
      <Title order={2} size="h3" id="maintenance-title">
        {t.title()}
      </Title>
      <Text size="sm" c="dimmed">
        {t.intro()}
      </Text>
      <LoadStatus
        loading={state.matches("loading")}
        failed={state.matches("failed")}
        code={error}
        texts={{ loading: t.loading(), loadFailed: t.loadFailed(), retry: t.retry() }}
        onRetry={() => actor.send({ type: "maintenance.retry" })}
      />
      {saved !== null ? (
        <Alert color="green" variant="light" role="status">
          {t.saved({ rule: ruleName(saved) })}
        </Alert>
      ) : null}
      {states === null ? null : states.length === 0 ? (
        <Text c="dimmed">{t.empty()}</Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={t.listLabel()}>
          {states.map((s) => (
            <RuleCard
              key={`${s.machine.id}:${s.rule.id}`}
              state={s}
              busy={state.hasTag("busy")}
              onRecord={() =>
                actor.send({ type: "maintenance.record", machine: s.machine.id, rule: s.rule.id })
              }
            />
          ))}
        </Stack>
      )}
      <Modal
        opened={open !== null}
        onClose={() => actor.send({ type: "maintenance.cancel" })}
        title={titled ? t.form.title({ rule: titled.rule.name, machine: titled.machine.name }) : ""}
        closeButtonProps={{ "aria-label": LL.app.closeDialog() }}
      >
        {open ? (
          <ActionFormView key={`${open.machine.id}:${open.rule.id}`} actor={actor} state={open} />
        ) : null}
      </Modal>
    </Stack>
  )
}

/** The route's screen: the dashboard with its calls bound (tests give stand-ins). */
export const MaintenanceDashboardPage = ({
  machine = liveMaintenanceDashboardMachine,
}: {
  machine?: typeof liveMaintenanceDashboardMachine
}) => {
  const actor = useActorRef(machine)
  return <MaintenanceDashboard actor={actor} />
}

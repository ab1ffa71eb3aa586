import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core"
import { useMediaQuery } from "@mantine/hooks"
import { useActorRef, useSelector } from "@xstate/react"
import { useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type {
  MaintenanceRulesActor,
  ProfileValues,
  RulesData,
} from "../../machines/maintenance/maintenanceRules"
import { liveMaintenanceRulesMachine } from "../../machines/maintenance/maintenanceRules.actors"
import { type MachineId, MaintenanceProfileId, MaintenanceRuleId } from "../../schema/ids"
import {
  type MaintenanceCounter,
  type MaintenanceProfile,
  type MaintenanceRule,
  maintenanceCounters,
  unitOf,
} from "../../schema/maintenance"
import { ServerAlert, useFieldError } from "../common/FormMessages"
import { LoadStatus } from "../common/Loading"
import { useLastShown } from "../common/useLastShown"
import { useNumber } from "../common/useNumber"

type RuleValues = ProfileValues["rules"][number]

const newRule = (): RuleValues => ({
  id: MaintenanceRuleId.make(crypto.randomUUID()),
  name: "",
  counter: "engineHours",
  frequency: "",
  firstEvent: "",
})

/** The editor's first values: the profile as saved, or a new one (the person's only structure chosen). */
const valuesOf = (
  profile: MaintenanceProfile | null,
  data: RulesData,
): { values: ProfileValues; machines: ReadonlyArray<MachineId> } =>
  profile === null
    ? {
        values: {
          id: MaintenanceProfileId.make(crypto.randomUUID()),
          name: "",
          clusters: data.clusters.length === 1 ? data.clusters.map((c) => c.id) : [],
          soonShare: "10",
          rules: [newRule()],
        },
        machines: [],
      }
    : {
        values: {
          id: profile.id,
          name: profile.name,
          clusters: profile.clusters.map((c) => c.id),
          soonShare: String(Math.round(profile.soonShare * 10_000) / 100),
          rules: profile.rules.map((r) => ({
            id: r.id,
            name: r.name,
            counter: r.counter,
            frequency: String(r.frequency),
            firstEvent: String(r.firstEvent),
          })),
        },
        machines: profile.machines.map((m) => m.id),
      }

/** How often a rule falls due, and when the first time ("Chaque année" for a rule every year). */
const RuleEvery = ({ rule }: { rule: MaintenanceRule }) => {
  const { LL } = useI18nContext()
  const t = LL.upkeepRules
  const number = useNumber(2)
  const frequency = number(rule.frequency)
  const first = number(rule.firstEvent)
  if (rule.counter !== "years") return t.every[rule.counter]({ frequency, first })
  return rule.frequency === 1
    ? t.everyYear({ first, g: rule.firstEvent })
    : t.every.years({ frequency, first, f: rule.frequency, g: rule.firstEvent })
}

/** One profile: its structures, "soon" share, rules and machines, and its edit button. */
const ProfileCard = ({
  profile,
  onEdit,
  busy,
}: {
  profile: MaintenanceProfile
  onEdit: () => void
  busy: boolean
}) => {
  const { LL } = useI18nContext()
  const t = LL.upkeepRules
  const number = useNumber(2)
  return (
    <Paper withBorder p="sm" component="li" aria-label={profile.name}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={2} style={{ minWidth: 0, flex: "1 1 14rem" }}>
            <Title order={3} size="h4" style={{ overflowWrap: "anywhere" }}>
              {profile.name}
            </Title>
            <Text size="sm" c="dimmed">
              {t.structures({ names: profile.clusters.map((c) => c.name).join(", ") })} ·{" "}
              {t.soonShareShown({ n: number(profile.soonShare * 100) })}
            </Text>
          </Stack>
          {profile.can.edit ? (
            <Button
              variant="default"
              onClick={onEdit}
              disabled={busy}
              aria-label={t.editOf({ name: profile.name })}
            >
              {t.edit()}
            </Button>
          ) : null}
        </Group>
        {profile.rules.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.noRules()}
          </Text>
        ) : (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: "none" }}>
            {profile.rules.map((r) => (
              <Text component="li" key={r.id} size="sm">
                <Text span fw={600}>
                  {r.name}
                </Text>{" "}
                — <RuleEvery rule={r} />
              </Text>
            ))}
          </Stack>
        )}
        {profile.machines.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.noMachines()}
          </Text>
        ) : (
          <Group
            gap={6}
            wrap="wrap"
            aria-label={t.machineList({ names: profile.machines.map((m) => m.name).join(", ") })}
          >
            {profile.machines.map((m) => (
              <Badge key={m.id} variant="light" color="gray" style={{ textTransform: "none" }}>
                {m.name}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  )
}

/** The profile's editor: name, structures, "soon" share, its rules one under another, its machines. */
const ProfileEditor = ({
  actor,
  profile,
  data,
}: {
  actor: MaintenanceRulesActor
  profile: MaintenanceProfile | null
  data: RulesData
}) => {
  const { LL } = useI18nContext()
  const t = LL.upkeepRules.form
  const fieldError = useFieldError()
  const [first] = useState(() => valuesOf(profile, data))
  const [values, setValues] = useState<ProfileValues>(first.values)
  const [machines, setMachines] = useState<ReadonlyArray<MachineId>>(first.machines)
  const { errors, error } = useSelector(actor, (s) => s.context)
  const saving = useSelector(actor, (s) => s.matches("saving"))
  const offered = data.machines.filter((m) => values.clusters.includes(m.cluster.id))
  const setRule = (i: number, patch: Partial<RuleValues>) =>
    setValues({ ...values, rules: values.rules.map((r, j) => (j === i ? { ...r, ...patch } : r)) })
  const err = (key: string) => fieldError(errors[key])
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        actor.send({
          type: "rules.save",
          values,
          machines: machines.filter((id) => offered.some((m) => m.id === id)),
        })
      }}
    >
      <Stack gap="sm">
        <TextInput
          size="md"
          label={t.name()}
          placeholder={t.namePlaceholder()}
          required
          value={values.name}
          error={err("name")}
          onChange={(e) => setValues({ ...values, name: e.currentTarget.value })}
        />
        <MultiSelect
          size="md"
          label={t.clusters()}
          description={t.clustersHelp()}
          required
          searchable
          data={data.clusters.map((c) => ({ value: c.id, label: c.name }))}
          value={[...values.clusters]}
          error={err("clusters")}
          onChange={(clusters) => setValues({ ...values, clusters })}
        />
        <TextInput
          size="md"
          inputMode="decimal"
          label={t.soonShare()}
          description={t.soonShareHelp()}
          required
          rightSection="%"
          value={values.soonShare}
          error={err("soonShare")}
          onChange={(e) => setValues({ ...values, soonShare: e.currentTarget.value })}
        />
        <Title order={3} size="h5" mt="xs">
          {t.rules()}
        </Title>
        {values.rules.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.noRuleYet()}
          </Text>
        ) : null}
        {values.rules.map((rule, i) => {
          const unit = t.units[unitOf(rule.counter as MaintenanceCounter)]()
          return (
            <Paper key={rule.id} withBorder p="sm" role="group" aria-label={t.ruleN({ n: i + 1 })}>
              <Stack gap="xs">
                <Group gap="xs" wrap="nowrap" align="flex-end">
                  <TextInput
                    size="md"
                    style={{ flex: 1, minWidth: 0 }}
                    label={t.ruleName()}
                    placeholder={t.ruleNamePlaceholder()}
                    required
                    value={rule.name}
                    error={err(`rules.${i}.name`)}
                    onChange={(e) => setRule(i, { name: e.currentTarget.value })}
                  />
                  <ActionIcon
                    size={42}
                    variant="subtle"
                    color="red"
                    aria-label={t.removeRule({ n: i + 1 })}
                    onClick={() => setValues({ ...values, rules: values.rules.filter((_, j) => j !== i) })}
                  >
                    <span aria-hidden>×</span>
                  </ActionIcon>
                </Group>
                <Select
                  size="md"
                  label={t.counter()}
                  allowDeselect={false}
                  data={maintenanceCounters.map((c) => ({ value: c, label: t.counters[c]() }))}
                  value={rule.counter}
                  onChange={(counter) =>
                    counter !== null && setRule(i, { counter: counter as MaintenanceCounter })
                  }
                />
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                  <TextInput
                    size="md"
                    inputMode="decimal"
                    label={t.frequency()}
                    required
                    rightSection={unit}
                    rightSectionWidth={48}
                    value={String(rule.frequency)}
                    error={err(`rules.${i}.frequency`)}
                    onChange={(e) => setRule(i, { frequency: e.currentTarget.value })}
                  />
                  <TextInput
                    size="md"
                    inputMode="decimal"
                    label={t.firstEvent()}
                    required
                    rightSection={unit}
                    rightSectionWidth={48}
                    value={String(rule.firstEvent)}
                    error={err(`rules.${i}.firstEvent`)}
                    onChange={(e) => setRule(i, { firstEvent: e.currentTarget.value })}
                  />
                </SimpleGrid>
                <Text size="xs" c="dimmed">
                  {t.firstEventHelp()}
                </Text>
              </Stack>
            </Paper>
          )
        })}
        <Group>
          <Button
            variant="light"
            onClick={() => setValues({ ...values, rules: [...values.rules, newRule()] })}
          >
            {t.addRule()}
          </Button>
        </Group>
        <MultiSelect
          size="md"
          label={t.machines()}
          description={values.clusters.length === 0 ? t.chooseClusterFirst() : t.machinesHelp()}
          disabled={values.clusters.length === 0}
          searchable
          data={offered.map((m) => ({ value: m.id, label: m.name }))}
          value={machines.filter((id) => offered.some((m) => m.id === id))}
          onChange={(ids) => setMachines(ids as Array<MachineId>)}
        />
        <ServerAlert code={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" disabled={saving} onClick={() => actor.send({ type: "rules.cancel" })}>
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
 * The "Règles d'entretien" tab (docs/maintenance.md): the profiles, their rules and machines;
 * whoever manages the machines of every structure a profile names edits it.
 */
export const MaintenanceRules = ({ actor }: { actor: MaintenanceRulesActor }) => {
  const { LL } = useI18nContext()
  const t = LL.upkeepRules
  const phone = useMediaQuery("(max-width: 36em)")
  const state = useSelector(actor, (s) => s)
  const { data, editing, saved, error } = state.context
  const profile =
    editing === null || editing === "new" ? null : (data?.profiles.find((p) => p.id === editing) ?? null)
  const open = editing !== null && data !== null ? { editing, profile } : null
  const shown = useLastShown(open)
  const busy = state.hasTag("busy")
  return (
    <Stack gap="sm" component="section" aria-labelledby="maintenance-rules-title">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Title order={2} size="h3" id="maintenance-rules-title">
          {t.title()}
        </Title>
        {data !== null && data.clusters.length > 0 ? (
          <Button onClick={() => actor.send({ type: "rules.edit", profile: null })} disabled={busy}>
            {t.create()}
          </Button>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        {t.intro()}
      </Text>
      <LoadStatus
        loading={state.matches("loading")}
        failed={state.matches("failed")}
        code={error}
        texts={{ loading: t.loading(), loadFailed: t.loadFailed(), retry: t.retry() }}
        onRetry={() => actor.send({ type: "rules.retry" })}
      />
      {data !== null && data.clusters.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.noManage()}
        </Text>
      ) : null}
      {saved !== null ? (
        <Alert color="green" variant="light" role="status">
          {t.saved({ name: saved })}
        </Alert>
      ) : null}
      {data === null ? null : data.profiles.length === 0 ? (
        <Text c="dimmed">{t.empty()}</Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={t.listLabel()}>
          {data.profiles.map((p) => (
            <ProfileCard
              key={p.id}
              profile={p}
              busy={busy}
              onEdit={() => actor.send({ type: "rules.edit", profile: p.id })}
            />
          ))}
        </Stack>
      )}
      <Modal
        opened={open !== null}
        onClose={() => actor.send({ type: "rules.cancel" })}
        title={shown?.profile ? t.form.titleEdit({ name: shown.profile.name }) : t.form.titleNew()}
        closeButtonProps={{ "aria-label": LL.app.closeDialog() }}
        fullScreen={phone}
        size="lg"
      >
        {open !== null && data !== null ? (
          <ProfileEditor key={open.editing} actor={actor} profile={open.profile} data={data} />
        ) : null}
      </Modal>
    </Stack>
  )
}

/** The route's screen: the tab with its calls bound (tests give stand-ins). */
export const MaintenanceRulesPage = ({
  machine = liveMaintenanceRulesMachine,
}: {
  machine?: typeof liveMaintenanceRulesMachine
}) => {
  const actor = useActorRef(machine)
  return <MaintenanceRules actor={actor} />
}

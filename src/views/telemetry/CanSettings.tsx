import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from "@mantine/core"
import { useSelector } from "@xstate/react"
import { useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { CanConfigsActor, CanConfigValues } from "../../machines/telemetry/canConfigs"
import type { CanConfig } from "../../schema/canbus"
import type { Locale } from "../../schema/user"
import { ServerAlert, useFieldError } from "../common/FormMessages"
import { LoadStatus } from "../common/Loading"
import { RightHint } from "../common/RightHint"
import { useLastShown } from "../common/useLastShown"
import { useNumber } from "../common/useNumber"

const langs: ReadonlyArray<Locale> = ["fr", "en", "pl", "de"]

const valuesOf = (c: CanConfig): CanConfigValues => ({
  labels: { ...c.labels },
  unit: c.unit,
  scale: String(c.scale),
  offset: String(c.offset),
  chart: c.chart,
})

/** The values the machine's boxes send first, then those set for it, then the rest; by label within. */
const ordered = (configs: ReadonlyArray<CanConfig>, locale: Locale) => {
  const rank = (c: CanConfig) => (c.seen ? 0 : c.source === "machine" ? 1 : 2)
  const label = (c: CanConfig) => c.labels[locale] || c.name
  return [...configs].sort((a, b) => rank(a) - rank(b) || label(a).localeCompare(label(b), locale))
}

/** What a raw value reads as with the typed scale and offset (nothing while either is not a number). */
const Example = ({ values, name }: { values: CanConfigValues; name: string }) => {
  const { LL } = useI18nContext()
  const number = useNumber(6)
  const scale = Number(values.scale)
  const offset = Number(values.offset)
  const ok = /^-?\d+(\.\d+)?$/
  if (!ok.test(values.scale.trim()) || !ok.test(values.offset.trim()) || scale === 0) return null
  const raw = name === "fuelLevel" || name === "adBlueLevel" || name === "engineLoad" ? 50 : 1000
  return (
    <Text size="sm" c="dimmed" role="status">
      {LL.telemetry.canSettings.example({
        raw: number(raw),
        value: number(raw * scale + offset),
        unit: values.unit,
      })}
    </Text>
  )
}

/** A value's form: its labels in the four languages, unit, scale, offset, and whether it is charted. */
const ConfigForm = ({ actor, config }: { actor: CanConfigsActor; config: CanConfig }) => {
  const { LL } = useI18nContext()
  const t = LL.telemetry.canSettings
  const fieldError = useFieldError()
  const [values, setValues] = useState<CanConfigValues>(() => valuesOf(config))
  const { errors, error } = useSelector(actor, (s) => s.context)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const saving = useSelector(actor, (s) => s.matches("saving"))
  const removing = useSelector(actor, (s) => s.matches("removing"))
  const set = (patch: Partial<CanConfigValues>) => setValues({ ...values, ...patch })
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        actor.send({ type: "can.save", name: config.name, values })
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t.formIntro({ name: config.name })}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {langs.map((lang) => (
            <TextInput
              key={lang}
              size="md"
              label={t.label[lang]()}
              value={values.labels[lang]}
              error={fieldError(errors[`labels.${lang}`])}
              onChange={(e) => set({ labels: { ...values.labels, [lang]: e.currentTarget.value } })}
            />
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" style={{ alignItems: "end" }}>
          <TextInput
            size="md"
            label={t.unit()}
            value={values.unit}
            error={fieldError(errors.unit)}
            onChange={(e) => set({ unit: e.currentTarget.value })}
          />
          <TextInput
            size="md"
            inputMode="text"
            label={t.scale()}
            description={t.scaleHelp()}
            value={values.scale}
            error={fieldError(errors.scale)}
            onChange={(e) => set({ scale: e.currentTarget.value })}
          />
          <TextInput
            size="md"
            inputMode="text"
            label={t.offset()}
            description={t.offsetHelp()}
            value={values.offset}
            error={fieldError(errors.offset)}
            onChange={(e) => set({ offset: e.currentTarget.value })}
          />
        </SimpleGrid>
        <Example values={values} name={config.name} />
        <Switch
          size="md"
          label={t.chart()}
          checked={values.chart}
          onChange={(e) => set({ chart: e.currentTarget.checked })}
        />
        <ServerAlert code={error} />
        <Group justify="space-between" gap="sm">
          {config.source === "machine" ? (
            <Button
              variant="default"
              color="red"
              loading={removing}
              disabled={busy}
              onClick={() => actor.send({ type: "can.reset", name: config.name })}
            >
              {t.reset()}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" disabled={busy} onClick={() => actor.send({ type: "can.cancel" })}>
              {t.cancel()}
            </Button>
            <Button type="submit" loading={saving} disabled={busy}>
              {t.save()}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  )
}

/** One value: how it reads, where that comes from, and its form's button. */
const ConfigRow = ({
  config,
  canEdit,
  onEdit,
  busy,
}: {
  config: CanConfig
  canEdit: boolean
  onEdit: () => void
  busy: boolean
}) => {
  const { LL, locale } = useI18nContext()
  const t = LL.telemetry.canSettings
  const number = useNumber(6)
  const label = config.labels[locale] || config.name
  return (
    <Paper withBorder p="sm" component="li" aria-label={label}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: "1 1 16rem" }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>{label}</Text>
            <Badge variant="light" color={config.source === "machine" ? "blue" : "gray"}>
              {t.source[config.source]()}
            </Badge>
            {config.seen ? null : (
              <Badge variant="outline" color="gray">
                {t.notSeen()}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {config.name}
          </Text>
          <Text size="sm">
            {t.reading({
              unit: config.unit === "" ? "—" : config.unit,
              scale: number(config.scale),
              offset: number(config.offset),
              chart: config.chart ? t.yes() : t.no(),
            })}
          </Text>
        </Stack>
        <Button
          variant="default"
          disabled={!canEdit || busy}
          onClick={onEdit}
          aria-label={t.editOf({ name: label })}
        >
          {t.edit()}
        </Button>
      </Group>
    </Paper>
  )
}

/**
 * How the picked machine's CAN values read (docs/canbus.md): every value with its reading and
 * where it comes from; whoever manages the machine opens a value's form to change it, or takes it
 * back to the default reading. The dashboard applies them; the raw table keeps the values as sent.
 */
export const CanSettings = ({ actor }: { actor: CanConfigsActor }) => {
  const { LL, locale } = useI18nContext()
  const t = LL.telemetry.canSettings
  const state = useSelector(actor, (s) => s)
  const { configs, editing, saved, removed, error } = state.context
  const titled = useLastShown(configs?.configs.find((c) => c.name === editing) ?? null)
  if (state.matches("idle")) return null
  const labelOf = (name: string | null) => {
    const c = configs?.configs.find((x) => x.name === name)
    return c ? c.labels[locale] || c.name : (name ?? "")
  }
  const open = configs?.configs.find((c) => c.name === editing) ?? null
  return (
    <Stack gap="sm" component="section" aria-labelledby="can-settings-title">
      <Title order={2} size="h3" id="can-settings-title">
        {t.title()}
      </Title>
      <Text size="sm" c="dimmed">
        {t.intro()}
      </Text>
      <LoadStatus
        loading={state.matches("loading")}
        failed={state.matches("failed")}
        code={error}
        texts={{ loading: t.loading(), loadFailed: t.loadFailed(), retry: LL.telemetry.retry() }}
        onRetry={() => actor.send({ type: "can.retry" })}
      />
      {configs !== null && !configs.canEdit ? <RightHint right="manageMachine" /> : null}
      {saved !== null ? (
        <Alert color="green" variant="light" role="status">
          {t.saved({ name: labelOf(saved) })}
        </Alert>
      ) : null}
      {removed !== null ? (
        <Alert color="green" variant="light" role="status">
          {t.removed({ name: labelOf(removed) })}
        </Alert>
      ) : null}
      {editing === null && state.matches("ready") ? <ServerAlert code={error} /> : null}
      {configs === null ? null : configs.configs.length === 0 ? (
        <Text c="dimmed">{t.none()}</Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, md: 2 }}
          spacing="sm"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: "none" }}
        >
          {ordered(configs.configs, locale).map((c) => (
            <ConfigRow
              key={c.name}
              config={c}
              canEdit={configs.canEdit}
              busy={state.hasTag("busy")}
              onEdit={() => actor.send({ type: "can.edit", name: c.name })}
            />
          ))}
        </SimpleGrid>
      )}
      <Modal
        opened={open !== null}
        onClose={() => actor.send({ type: "can.cancel" })}
        title={titled ? t.formTitle({ name: labelOf(titled.name) }) : ""}
        size="lg"
        closeButtonProps={{ "aria-label": LL.app.closeDialog() }}
      >
        {open ? <ConfigForm key={open.name} actor={actor} config={open} /> : null}
      </Modal>
    </Stack>
  )
}

import {
  Alert,
  Box,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { lazy, Suspense, useMemo } from "react"
import { errorText } from "../../i18n/errorText"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveTileHeaders, liveTileRenew } from "../../machines/fields/fieldIndex.actors"
import { liveVegetationIndexMachine } from "../../machines/vegetation/vegetationIndex.actors"
import type { FieldIndex } from "../../schema/field"
import type { FieldId } from "../../schema/ids"
import { type FieldVegetation, firstSeason } from "../../schema/vegetation"
import { formatDay } from "../common/formatDay"
import { formatNdvi, ndviClasses, ndviColor, noValueColor } from "./ndvi"

const FieldsMap = lazy(() => import("../common/map/FieldsMap"))
const NdviCurve = lazy(() => import("./NdviCurve"))

const thisYear = () => new Date().getFullYear()

/** A field's box in the index ([west, south, east, north]), to frame it when picked. */
const boxOf = (index: FieldIndex, id: string): readonly [number, number, number, number] | undefined => {
  const i = index.fields.id.indexOf(id as FieldId)
  const b = index.fields.bbox.slice(i * 4, i * 4 + 4)
  return i < 0 || b.length < 4 ? undefined : [b[0] ?? 0, b[1] ?? 0, b[2] ?? 0, b[3] ?? 0]
}

/** /FieldsVegetationIndex: the fields coloured by their latest NDVI, and the picked one's curve over the season. */
export const VegetationIndexPage = ({
  machine = liveVegetationIndexMachine,
  year = thisYear(),
  tileHeaders = liveTileHeaders,
}: {
  machine?: typeof liveVegetationIndexMachine
  year?: number
  tileHeaders?: () => Record<string, string>
}) => {
  const { LL } = useI18nContext()
  const actor = useActorRef(machine, { input: { year } })
  const state = useSelector(actor, (s) => s)
  const { index, latest, selected, missing, error } = state.context
  const fields = useMemo(
    () => (index ? index.fields.id.map((id, i) => ({ id, name: index.fields.name[i] ?? "" })) : null),
    [index],
  )
  // Every field coloured: by its latest value, grey without one (a few classes, however many fields).
  const colors = useMemo(() => {
    const values = new Map(latest.map((l) => [l.fieldId as string, l.ndvi]))
    return new Map<string, string>((fields ?? []).map((f) => [f.id, ndviColor(values.get(f.id))]))
  }, [fields, latest])
  const tiles = useMemo(
    () =>
      index
        ? {
            url: `/api/v2/fields/tiles/{z}/{x}/{y}?v=${index.version}`,
            headers: tileHeaders,
            renew: liveTileRenew,
            bounds: index.bounds,
            boxOf: (id: string) => boxOf(index, id),
            shown: null,
          }
        : undefined,
    [index, tileHeaders],
  )
  const pick = (id: string | null) => {
    if (id) actor.send({ type: "vegetation.pick", fieldId: id as FieldId })
  }
  const years = Array.from({ length: thisYear() - firstSeason + 1 }, (_, i) => String(thisYear() - i))

  return (
    <Stack gap="md">
      <Title order={1}>{LL.screens.fieldsVegetationIndex()}</Title>
      <Text c="dimmed">{LL.vegetation.intro()}</Text>
      {state.matches("loading") ? <Loader role="progressbar" aria-label={LL.vegetation.loading()} /> : null}
      {state.matches("notConfigured") ? (
        <Alert color="orange" title={LL.vegetation.notConfigured.title()} role="alert">
          <Stack gap="xs">
            <Text>{LL.vegetation.notConfigured.text()}</Text>
            <Group gap="xs">
              {missing.map((m) => (
                <Text key={m} ff="monospace" fw={600}>
                  {m}
                </Text>
              ))}
            </Group>
            <Text>{LL.vegetation.notConfigured.after()}</Text>
          </Stack>
        </Alert>
      ) : null}
      {state.matches("failed") ? (
        <Alert color="red" title={LL.vegetation.loadFailed()}>
          <Stack gap="xs" align="flex-start">
            <Text>{error ? errorText(LL, error) : null}</Text>
            <Button variant="default" onClick={() => actor.send({ type: "vegetation.retry" })}>
              {LL.vegetation.retry()}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {state.matches("ready") && fields?.length === 0 ? <Text>{LL.vegetation.none()}</Text> : null}
      {state.matches("ready") && fields && fields.length > 0 ? (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              size="md"
              label={LL.vegetation.field()}
              placeholder={LL.vegetation.fieldPlaceholder()}
              searchable
              value={selected}
              onChange={pick}
              data={fields.map((f) => ({ value: f.id, label: f.name }))}
              limit={100}
              nothingFoundMessage="—"
            />
            <NativeSelect
              size="md"
              label={LL.vegetation.season()}
              value={String(state.context.year)}
              onChange={(e) => actor.send({ type: "vegetation.year", year: Number(e.currentTarget.value) })}
              data={years}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Stack gap="xs">
              <Suspense fallback={<Loader />}>
                <FieldsMap
                  areas={[]}
                  tiles={tiles}
                  colors={colors}
                  selected={selected}
                  onSelect={pick}
                  height="min(55vh, 460px)"
                />
              </Suspense>
              <Legend />
            </Stack>
            <SeasonPanel
              name={fields.find((f) => f.id === selected)?.name ?? ""}
              state={
                state.matches({ ready: "idle" })
                  ? "idle"
                  : state.matches({ ready: "seasonFailed" })
                    ? "failed"
                    : state.matches({ ready: "loadingSeason" }) && state.context.season === null
                      ? "loading"
                      : "season"
              }
              season={state.context.season}
              error={error}
              onRetry={() => actor.send({ type: "vegetation.retry" })}
            />
          </SimpleGrid>
        </>
      ) : null}
    </Stack>
  )
}

/** The map's colours: one swatch per class, and the fields without a value. */
const Legend = () => {
  const { LL, locale } = useI18nContext()
  const bounds = ndviClasses.map((c, i) => {
    const next = ndviClasses[i + 1]?.from
    const from = Number.isFinite(c.from) ? formatNdvi(c.from, locale) : null
    const to = next === undefined ? null : formatNdvi(next, locale)
    return {
      color: c.color,
      label: from === null ? `< ${to}` : to === null ? `≥ ${from}` : `${from} – ${to}`,
    }
  })
  return (
    <Box role="group" aria-label={LL.vegetation.map.legend()}>
      <Text size="sm" fw={600}>
        {LL.vegetation.map.legend()}
      </Text>
      <Group gap="sm" mt={4}>
        {[...bounds, { color: noValueColor, label: LL.vegetation.map.noValue() }].map((b) => (
          <Group key={b.label} gap={4} wrap="nowrap">
            <Box w={16} h={16} style={{ background: b.color, borderRadius: 3, border: "1px solid #0003" }} />
            <Text size="sm">{b.label}</Text>
          </Group>
        ))}
      </Group>
    </Box>
  )
}

/** The picked field's season: its curve, where it stands, or why it is not there. */
const SeasonPanel = ({
  name,
  state,
  season,
  error,
  onRetry,
}: {
  name: string
  state: "idle" | "loading" | "failed" | "season"
  season: FieldVegetation | null
  error: Parameters<typeof errorText>[1] | null
  onRetry: () => void
}) => {
  const { LL, locale } = useI18nContext()
  if (state === "idle")
    return (
      <Paper withBorder p="md">
        <Text>{LL.vegetation.map.pick()}</Text>
      </Paper>
    )
  if (state === "loading" || season === null)
    return (
      <Paper withBorder p="md">
        {state === "failed" ? (
          <Alert color="red" title={LL.vegetation.curve.failed()}>
            <Stack gap="xs" align="flex-start">
              <Text>{error ? errorText(LL, error) : null}</Text>
              <Button variant="default" onClick={onRetry}>
                {LL.vegetation.retry()}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Loader />
        )}
      </Paper>
    )
  const measured = season.intervals.filter((i) => i.ndvi !== null)
  const cloudy = season.intervals.length - measured.length
  const last = measured.at(-1)
  return (
    <Paper withBorder p="md" aria-live="polite">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {LL.vegetation.curve.title({ name, year: season.year })}
        </Title>
        {season.status === "pending" ? (
          <Group gap="xs" wrap="nowrap">
            <Loader size="sm" />
            <Text>{LL.vegetation.curve.fetching()}</Text>
          </Group>
        ) : null}
        {season.problem ? (
          <Alert color={season.status === "failed" ? "red" : "orange"} role="alert">
            {errorText(LL, season.problem)}
          </Alert>
        ) : null}
        {state === "failed" ? (
          <Alert color="red" title={LL.vegetation.curve.failed()}>
            <Button variant="default" onClick={onRetry}>
              {LL.vegetation.retry()}
            </Button>
          </Alert>
        ) : null}
        {season.intervals.length > 0 ? (
          <>
            <Suspense fallback={<Loader />}>
              <NdviCurve season={season} />
            </Suspense>
            {last?.ndvi != null ? (
              <Text fw={600}>
                {LL.vegetation.curve.latest({
                  value: formatNdvi(last.ndvi, locale),
                  date: formatDay(last.to, locale),
                })}
              </Text>
            ) : null}
            <Text size="sm" c="dimmed">
              {LL.vegetation.curve.counts({ clear: measured.length, cloudy })}
            </Text>
          </>
        ) : season.status === "ready" ? (
          <Text>{LL.vegetation.curve.nothing()}</Text>
        ) : null}
        {season.fetchedAt && season.intervals.length > 0 ? (
          <Text size="sm" c="dimmed">
            {LL.vegetation.curve.updated({
              date: formatDay(season.intervals.at(-1)?.to ?? season.fetchedAt.slice(0, 10), locale),
              fetched: formatDay(season.fetchedAt.slice(0, 10), locale),
            })}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  )
}

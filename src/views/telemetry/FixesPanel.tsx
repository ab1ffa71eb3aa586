import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  NativeSelect,
  Pagination,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { Fragment, type ReactNode, useEffect, useState } from "react"
import { errorText } from "../../i18n/errorText"
import { useI18nContext } from "../../i18n/i18n-react"
import type { FixesSource, FixesTableMachine } from "../../machines/telemetry/fixesTable"
import { DateTimeField } from "../common/DateTimeField"
import { ServerAlert } from "../common/FormMessages"
import { type CanRow, CanTable } from "./CanTable"
import { DeviceCard } from "./DeviceCard"
import { num, utcDayStart, utcText } from "./values"

/** A fix as the table reads it (a machine's, or a box's with the machine it went to). */
interface Row {
  readonly counter: string
  readonly at: unknown
  readonly lng: number
  readonly lat: number
  readonly accuracy?: number | null
  readonly speed?: number | null
  readonly heading?: number | null
  readonly altitude?: number | null
  readonly satellites?: number | null
  readonly vibration?: "none" | "low" | "medium" | "high" | null
  readonly vibrationRaw?: number | null
  readonly battery?: number | null
  readonly can?: Readonly<Record<string, number>> | null
  readonly tags?: ReadonlyArray<{ readonly id: string; readonly rssi?: number | undefined }> | null
  readonly machine?: { readonly name: string } | null
}

/**
 * A cell's list (CAN values, tags heard): each entry kept whole, lines broken between entries only.
 * Broken anywhere, in a column squeezed to the width of its header, the five CAN values of a
 * tractor's fix stood one word a line and made every row eight lines tall.
 */
const Entries = ({ entries, separator }: { entries: ReadonlyArray<string>; separator: string }) =>
  entries.map((entry, i) => (
    <Fragment key={entry}>
      {i === 0 ? "" : separator}
      <span style={{ whiteSpace: "nowrap" }}>{entry}</span>
    </Fragment>
  ))

/**
 * Pick a machine (or a box), a UTC period, and read its raw fixes a page at a time with every
 * value; the boxes' information above them (expert) or each fix's machine (admin counterdata).
 */
export const FixesPanel = ({
  machine,
  kind,
  fixed,
  picked: initial,
  onPick,
  children,
  now = Date.now(),
}: {
  machine: FixesTableMachine
  /**
   * `machine`: expert (a machine's fixes, the CSV, the boxes); `canbus`: a machine's raw CAN values
   * and their CSV (canbus_raw); `counter`: admin counterdata.
   */
  kind: "machine" | "canbus" | "counter"
  /** What to read when the page picked it already (no picker then). */
  fixed?: string
  /** The machine picked first (from the address); one the person does not see is ignored. */
  picked?: string
  /** Told each time the picked machine changes (null: none, or none the person sees). */
  onPick?: (id: string | null) => void
  /** Shown under the readings (the CAN values' settings). */
  children?: ReactNode
  now?: number
}) => {
  const { LL } = useI18nContext()
  const t = LL.telemetry
  const actor = useActorRef(machine)
  const state = useSelector(actor, (s) => s)
  const { choices, result, error, exported, page } = state.context
  const [chosen, setPicked] = useState<string | null>(initial ?? null)
  // A machine the address names but the person does not see (or no longer) is no pick at all.
  const known = choices === null ? null : choices.some((c) => c.id === chosen) ? chosen : null
  const picked = fixed ?? (kind === "counter" ? chosen : known)
  useEffect(() => {
    if (choices !== null) onPick?.(known)
  }, [known, choices, onPick])
  const [start, setStart] = useState<number | null>(utcDayStart(now))
  const [end, setEnd] = useState<number | null>(utcDayStart(now, 1))
  const startIso = start === null ? null : new Date(start).toISOString()
  const endIso = end === null ? null : new Date(end).toISOString()
  const show = () => {
    if (picked === null || startIso === null || endIso === null) return
    const source: FixesSource = kind === "counter" ? { counter: picked } : { machine: picked }
    actor.send({ type: "fixes.show", source, start: startIso, end: endIso })
  }
  const rows = (result?.fixes ?? []) as ReadonlyArray<Row>
  const pages = result === null ? 0 : Math.ceil(result.total / result.limit)
  const busy = state.hasTag("busy")

  if (state.matches("loadingChoices")) return <Loader role="progressbar" aria-label={LL.app.loading()} />
  if (state.matches("choicesFailed"))
    return (
      <Alert color="red" title={t.loadFailed()}>
        <Stack gap="xs" align="flex-start">
          <Text>{error ? errorText(LL, error) : null}</Text>
          <Button variant="default" onClick={() => actor.send({ type: "fixes.retry" })}>
            {t.retry()}
          </Button>
        </Stack>
      </Alert>
    )
  if (kind !== "counter" && choices?.length === 0) return <Text>{t.noMachines()}</Text>

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: fixed === undefined ? 3 : 2 }}>
        {fixed === undefined ? (
          <NativeSelect
            size="md"
            label={kind === "counter" ? t.box() : t.machine()}
            data={[
              { value: "", label: kind === "counter" ? t.boxPlaceholder() : t.machinePlaceholder() },
              ...(choices ?? []).map((c) => ({ value: c.id, label: c.label })),
            ]}
            value={picked ?? ""}
            onChange={(e) => setPicked(e.currentTarget.value === "" ? null : e.currentTarget.value)}
          />
        ) : null}
        <DateTimeField utc required label={t.start()} value={start} onChange={(value) => setStart(value)} />
        <DateTimeField utc required label={t.end()} value={end} onChange={(value) => setEnd(value)} />
      </SimpleGrid>
      <Group gap="sm">
        <Button size="md" onClick={show} disabled={picked === null || startIso === null || endIso === null}>
          {t.show()}
        </Button>
        {kind !== "counter" && result !== null ? (
          <Button
            size="md"
            variant="default"
            loading={state.matches("exporting")}
            disabled={busy}
            onClick={() => actor.send({ type: "fixes.export" })}
          >
            {t.exportCsv()}
          </Button>
        ) : null}
      </Group>
      {exported ? (
        <Text size="sm" c="green" role="status">
          {t.exported()}
        </Text>
      ) : null}
      {state.matches("loading") ? <Loader role="progressbar" aria-label={t.loading()} /> : null}
      {state.matches("failed") ? (
        <Alert color="red" title={t.loadFailed()}>
          <Stack gap="xs" align="flex-start">
            <Text>{error ? errorText(LL, error) : null}</Text>
            <Button variant="default" onClick={() => actor.send({ type: "fixes.retry" })}>
              {t.retry()}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {state.matches("shown") ? <ServerAlert code={error} /> : null}
      {result !== null && !state.matches("failed") ? (
        <Stack gap="md">
          {result.devices.length > 0 ? (
            <Stack gap="sm">
              <Text fw={600}>{t.boxesTitle()}</Text>
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                {result.devices.map((d) => (
                  <DeviceCard key={d.counter} device={d} />
                ))}
              </SimpleGrid>
            </Stack>
          ) : null}
          <Text role="status">
            {t.totals({ n: result.total })}
            {result.unattributed !== undefined ? ` · ${t.unattributedCount({ n: result.unattributed })}` : ""}
          </Text>
          {rows.length === 0 ? (
            <Text c="dimmed">{t.none()}</Text>
          ) : kind === "canbus" ? (
            <CanTable rows={result.fixes as ReadonlyArray<CanRow>} />
          ) : (
            <Table.ScrollContainer minWidth={1700}>
              <Table striped withTableBorder fz="sm" aria-label={t.table()}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t.col_at()}</Table.Th>
                    <Table.Th>{kind === "machine" ? t.box() : t.col_machine()}</Table.Th>
                    <Table.Th>Lat</Table.Th>
                    <Table.Th>Lng</Table.Th>
                    <Table.Th>{t.col_accuracy()}</Table.Th>
                    <Table.Th>{t.col_speed()}</Table.Th>
                    <Table.Th>{t.col_heading()}</Table.Th>
                    <Table.Th>{t.col_altitude()}</Table.Th>
                    <Table.Th>{t.col_satellites()}</Table.Th>
                    <Table.Th>{t.col_vibration()}</Table.Th>
                    <Table.Th>{t.col_vibrationRaw()}</Table.Th>
                    <Table.Th>{t.col_battery()}</Table.Th>
                    <Table.Th>{t.col_can()}</Table.Th>
                    <Table.Th>{t.col_tags()}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((f) => (
                    <Table.Tr key={`${f.counter}-${utcText(f.at)}`}>
                      <Table.Td style={{ whiteSpace: "nowrap" }}>{utcText(f.at)}</Table.Td>
                      <Table.Td style={{ whiteSpace: "nowrap" }}>
                        {kind === "machine" ? (
                          f.counter
                        ) : f.machine ? (
                          f.machine.name
                        ) : (
                          <Badge color="orange" variant="light">
                            {t.unattributed()}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>{num(f.lat, 6)}</Table.Td>
                      <Table.Td>{num(f.lng, 6)}</Table.Td>
                      <Table.Td>{num(f.accuracy)}</Table.Td>
                      <Table.Td>{num(f.speed)}</Table.Td>
                      <Table.Td>{num(f.heading, 0)}</Table.Td>
                      <Table.Td>{num(f.altitude, 1)}</Table.Td>
                      <Table.Td>{num(f.satellites, 0)}</Table.Td>
                      <Table.Td>{f.vibration ? t[`vib_${f.vibration}`]() : ""}</Table.Td>
                      <Table.Td>{num(f.vibrationRaw, 3)}</Table.Td>
                      <Table.Td>{num(f.battery, 0)}</Table.Td>
                      <Table.Td miw={360}>
                        <Entries
                          entries={Object.entries(f.can ?? {}).map(([k, v]) => `${k} ${num(v)}`)}
                          separator=" · "
                        />
                      </Table.Td>
                      <Table.Td miw={260}>
                        <Entries
                          entries={(f.tags ?? []).map(
                            (tag) => `${tag.id}${tag.rssi === undefined ? "" : ` (${tag.rssi})`}`,
                          )}
                          separator=", "
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {pages > 1 ? (
            <Pagination
              total={pages}
              value={page}
              disabled={busy}
              onChange={(p) => actor.send({ type: "fixes.page", page: p })}
            />
          ) : null}
        </Stack>
      ) : null}
      {children}
    </Stack>
  )
}

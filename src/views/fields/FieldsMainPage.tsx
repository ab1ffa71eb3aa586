import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { useVirtualizer } from "@tanstack/react-virtual"
import { useActorRef, useSelector } from "@xstate/react"
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import {
  liveFieldIndexMachine,
  liveTileHeaders,
  liveTileRenew,
} from "../../machines/fields/fieldIndex.actors"
import type { FieldIndex } from "../../schema/field"
import { type ClusterId, FieldId } from "../../schema/ids"
import { userLabel } from "../../schema/user"
import { boxAt, type FieldFilter, filterFields, searchable } from "./fieldFilter"
import { pointsOf } from "./fieldPoints"
import { formatArea } from "./format"

const loadMap = () => import("../common/map/FieldsMap")
const FieldsMap = lazy(loadMap)

/** The map's height (and its place's, before it starts). */
const mapHeight = "min(60vh, 520px)"

/**
 * Beyond this many fields the map shows them far out as points, grouped where they crowd (their
 * outlines from zoom 12 in); up to it, outlines at every zoom (a few thousand draw quickly).
 */
const manyFields = 2000

/** A row's height before it is measured (name, owner and crop on two lines). */
const rowHeight = 76

/**
 * /FieldsMain: every field the person sees, on the map (the server's vector tiles) and as a list
 * (only the rows in view are in the page: 30,000 fields scroll and filter at once), searched and
 * filtered by structure and owner, with the filtered total in ha.
 */
export const FieldsMainPage = ({
  machine = liveFieldIndexMachine,
  tileHeaders = liveTileHeaders,
}: {
  machine?: typeof liveFieldIndexMachine
  tileHeaders?: () => Record<string, string>
}) => {
  const { LL, locale } = useI18nContext()
  const actor = useActorRef(machine)
  const state = useSelector(actor, (s) => s)
  const [filter, setFilter] = useState<FieldFilter>({ q: "", owner: "", structure: "" })
  const [selected, setSelected] = useState<string | null>(null)
  const index = state.context.index
  // The map's code loads while the index is asked for; the map starts once the list is painted
  // (its start takes the page for a moment: the list does not wait for it).
  useEffect(() => {
    void loadMap()
  }, [])
  const [mapOn, setMapOn] = useState(false)
  useEffect(() => {
    if (index === null || mapOn) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setMapOn(true), 0)
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [index, mapOn])
  const ready = useMemo(() => (index ? searchable(index) : null), [index])
  const owners = useMemo(
    () =>
      (index?.owners ?? [])
        .filter((o) => filter.structure === "" || o.structures.includes(filter.structure as ClusterId))
        .map((o) => ({ value: o.id as string, label: userLabel(o) }))
        .sort((a, b) => a.label.localeCompare(b.label, locale)),
    [index, filter.structure, locale],
  )
  const shown = useMemo(() => (ready ? filterFields(ready, filter) : null), [ready, filter])
  // Where each id is in the index, made at the first question (a tap on the map), not before the list shows.
  const positionOf = useMemo(() => {
    let positions: Map<string, number> | undefined
    return (id: string) => {
      positions ??= new Map((index?.fields.id ?? []).map((id, i) => [id as string, i]))
      return positions.get(id) ?? -1
    }
  }, [index])
  const tiles = useMemo(
    () =>
      index && shown
        ? {
            url: `/api/v2/fields/tiles/{z}/{x}/{y}?v=${index.version}`,
            headers: tileHeaders,
            renew: liveTileRenew,
            bounds: shown.bounds,
            boxOf: (id: string) => boxAt(index, positionOf(id)),
            shown: shown.ids,
            points: index.fields.id.length > manyFields ? () => pointsOf(index, shown.positions) : undefined,
          }
        : undefined,
    [index, shown, positionOf, tileHeaders],
  )
  const scroller = useRef<HTMLDivElement>(null)
  const rows = useVirtualizer({
    count: shown?.positions.length ?? 0,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 6,
  })
  const select = (id: string) => {
    setSelected(id)
    const row = shown?.positions.indexOf(positionOf(id)) ?? -1
    if (row >= 0) rows.scrollToIndex(row, { align: "auto" })
  }
  /** A filter's input (`data-filter` names it for the bench): choosing a structure resets the owner. */
  const control = (key: keyof FieldFilter, label: string) => ({
    size: "md" as const,
    label,
    "data-filter": key === "q" ? "search" : key,
    value: filter[key],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value
      setFilter((f) => ({ ...f, [key]: value, ...(key === "structure" ? { owner: "" } : {}) }))
    },
  })
  const total = index?.fields.id.length ?? 0
  return (
    <Stack gap="md">
      <Title order={1}>{LL.screens.fieldsMain()}</Title>
      <Text c="dimmed">{LL.fields.list.intro()}</Text>
      <Group>
        <Button size="md" renderRoot={(props) => <Link {...props} to="/FieldsAdd" />}>
          {LL.fields.list.add()}
        </Button>
      </Group>
      {state.matches("loading") ? <Loader role="progressbar" aria-label={LL.app.loading()} /> : null}
      {state.matches("failed") ? (
        <Alert color="red" title={LL.fields.list.loadFailed()}>
          <Button variant="default" onClick={() => actor.send({ type: "fieldIndex.refresh" })}>
            {LL.fields.list.retry()}
          </Button>
        </Alert>
      ) : null}
      {index !== null && total === 0 ? <Text>{LL.fields.list.none()}</Text> : null}
      {index !== null && shown !== null && total > 0 ? (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput {...control("q", LL.fields.list.search())} />
            <NativeSelect
              {...control("structure", LL.fields.list.structure())}
              data={[
                { value: "", label: LL.fields.list.allStructures() },
                ...index.structures.map((c) => ({ value: c.id as string, label: c.name })),
              ]}
            />
            <NativeSelect
              {...control("owner", LL.fields.list.owner())}
              data={[{ value: "", label: LL.fields.list.allOwners() }, ...owners]}
            />
          </SimpleGrid>
          <Text fw={600} aria-live="polite">
            {LL.fields.list.total({ count: shown.positions.length, area: formatArea(shown.areaHa, locale) })}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {mapOn ? (
              <Suspense fallback={<Box h={mapHeight} />}>
                <FieldsMap
                  areas={[]}
                  tiles={tiles}
                  selected={selected}
                  onSelect={select}
                  height={mapHeight}
                />
              </Suspense>
            ) : (
              <Box h={mapHeight} />
            )}
            <Box ref={scroller} h={{ base: "60vh", md: 520 }} style={{ overflowY: "auto" }}>
              {shown.positions.length === 0 ? <Text>{LL.fields.list.noMatch()}</Text> : null}
              <Box role="list" style={{ height: rows.getTotalSize(), position: "relative" }}>
                {rows.getVirtualItems().map((row) => {
                  const i = shown.positions[row.index] ?? 0
                  const id = index.fields.id[i] ?? ""
                  return (
                    <div
                      key={id}
                      data-index={row.index}
                      ref={rows.measureElement}
                      style={{
                        position: "absolute",
                        top: 0,
                        left: 0,
                        right: 0,
                        transform: `translateY(${row.start}px)`,
                      }}
                    >
                      <FieldRow
                        index={index}
                        at={i}
                        position={row.index + 1}
                        count={shown.positions.length}
                        selected={id === selected}
                        onSelect={() => setSelected(id)}
                      />
                    </div>
                  )
                })}
              </Box>
            </Box>
          </SimpleGrid>
        </>
      ) : null}
    </Stack>
  )
}

const FieldRow = ({
  index,
  at,
  position,
  count,
  selected,
  onSelect,
}: {
  index: FieldIndex
  at: number
  position: number
  count: number
  selected: boolean
  onSelect: () => void
}) => {
  const { LL, locale } = useI18nContext()
  const id = index.fields.id[at] ?? FieldId.make("00000000-0000-4000-8000-000000000000")
  const owner = index.owners[index.fields.owner[at] ?? -1]
  const crop = index.fields.crop[at]
  return (
    <Box pb={6}>
      <Paper
        id={`field-${id}`}
        role="listitem"
        aria-posinset={position}
        aria-setsize={count}
        withBorder
        p="sm"
        data-selected={selected || undefined}
        style={selected ? { borderColor: "var(--mantine-color-blue-6)", borderWidth: 2 } : undefined}
      >
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Anchor
              fw={600}
              style={{ overflowWrap: "anywhere" }}
              renderRoot={(props) => <Link {...props} to="/fields/$idField" params={{ idField: id }} />}
            >
              {index.fields.name[at]}
            </Anchor>
            <Text size="sm" c="dimmed">
              {owner ? userLabel(owner) : ""}
              {crop ? ` · ${crop}` : ""}
            </Text>
          </Stack>
          <Stack gap={2} align="flex-end">
            <Text fw={600} style={{ whiteSpace: "nowrap" }}>
              {LL.fields.area({ area: formatArea(index.fields.areaHa[at] ?? 0, locale) })}
            </Text>
            <Button variant="subtle" size="compact-sm" onClick={onSelect} aria-pressed={selected}>
              {LL.fields.list.locate()}
            </Button>
          </Stack>
        </Group>
      </Paper>
    </Box>
  )
}

import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Menu,
  Paper,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from "@mantine/core"
import { Link } from "@tanstack/react-router"
import type { ReactNode } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { Activity, ActivitySort, SortOrder } from "../../schema/activity"
import { pickName } from "../../schema/catalogue"
import { userLabel } from "../../schema/user"
import { useFigures } from "../machines/activities/ActivityCard"
import { numberIn } from "../machines/activities/figures"
import { type ListColumn, listColumns, sortOf } from "./listSearch"

/** The header of a column: a button that orders the list by it when the server can. */
const Header = ({
  column,
  label,
  sort,
  order,
  onSort,
  numeric,
}: {
  column: ListColumn | "start"
  label: string
  sort: ActivitySort
  order: SortOrder
  onSort: (sort: ActivitySort, order: SortOrder) => void
  numeric: boolean
}) => {
  const by = sortOf[column]
  const active = by !== undefined && by === sort
  return (
    <Table.Th
      aria-sort={active ? (order === "asc" ? "ascending" : "descending") : undefined}
      style={{ whiteSpace: "nowrap", textAlign: numeric ? "right" : undefined }}
    >
      {by === undefined ? (
        label
      ) : (
        <UnstyledButton
          fw={700}
          fz="sm"
          onClick={() =>
            // A first click orders figures largest first and names from A; a second turns it round.
            onSort(
              by,
              active
                ? order === "asc"
                  ? "desc"
                  : "asc"
                : by === "machine" || by === "member"
                  ? "asc"
                  : "desc",
            )
          }
        >
          {label}
          <span aria-hidden> {active ? (order === "asc" ? "▲" : "▼") : "↕"}</span>
        </UnstyledButton>
      )}
    </Table.Th>
  )
}

const numericColumns: ReadonlySet<ListColumn> = new Set([
  "duration",
  "workHours",
  "area",
  "areaWithOverlap",
  "workDistance",
  "roadDistance",
  "fuel",
])

/**
 * The page of activities as a table: the start links to the activity; the other columns are the
 * person's choice (the address keeps it); a header orders the whole list by its column.
 */
export const ActivityTable = ({
  phone,
  activities,
  zone,
  columns,
  sort,
  order,
  onColumns,
  onSort,
}: {
  /** On a phone each activity is a card of its chief figures, not a row too wide for the screen. */
  phone: boolean
  activities: ReadonlyArray<Activity>
  zone: string
  columns: ReadonlyArray<ListColumn>
  sort: ActivitySort
  order: SortOrder
  onColumns: (columns: ReadonlyArray<ListColumn>) => void
  onSort: (sort: ActivitySort, order: SortOrder) => void
}) => {
  const { LL, locale } = useI18nContext()
  const t = LL.activities
  const c = t.list.column
  const f = useFigures()
  const two = numberIn(locale, 2)
  const one = numberIn(locale, 1)
  const when = new Intl.DateTimeFormat(locale, { timeZone: zone, dateStyle: "short", timeStyle: "short" })
  const shown = listColumns.filter((k) => columns.includes(k))
  const unknown = t.unknown()
  const cell: Record<ListColumn, (a: Activity) => ReactNode> = {
    machine: (a) => a.machine.name,
    structure: (a) => a.machine.cluster.name,
    duration: (a) => f.duration(a.durationSeconds),
    workHours: (a) => f.duration(a.seconds.fieldWork),
    fields: (a) => (a.fields.length === 0 ? unknown : a.fields.map((x) => x.name).join(", ")),
    area: (a) => (a.areaHa === null ? unknown : two(a.areaHa)),
    areaWithOverlap: (a) => (a.areaWithOverlapHa === null ? unknown : two(a.areaWithOverlapHa)),
    workDistance: (a) => one(a.workDistanceM / 1000),
    roadDistance: (a) => one(a.roadDistanceM / 1000),
    fuel: (a) => (a.fuelLitres === null ? unknown : one(a.fuelLitres)),
    member: (a) => (a.member === null ? t.nobody() : userLabel(a.member)),
    drivers: (a) => (a.drivers.length === 0 ? unknown : a.drivers.map(userLabel).join(", ")),
    productType: (a) => (a.productType === null ? unknown : pickName(a.productType.name, locale)),
  }
  if (phone)
    return (
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: "none" }} aria-label={t.title()}>
        {activities.map((a) => {
          const start = when.format(a.start.epochMillis)
          const figures = [
            f.duration(a.durationSeconds),
            ...(a.areaHa === null ? [] : [f.ha(a.areaHa)]),
            ...(a.fuelLitres === null ? [] : [f.litres(a.fuelLitres)]),
          ].join(" · ")
          return (
            <Paper key={a.id} component="li" withBorder radius="md" p="sm">
              <Anchor
                renderRoot={(props) => (
                  <Link {...props} to="/Activitys/$idActivity" params={{ idActivity: a.id }} />
                )}
                aria-label={t.list.open({ when: `${start} · ${a.machine.name}` })}
                fw={700}
                display="block"
                style={{ minHeight: 24 }}
              >
                {start} · {a.machine.name}
              </Anchor>
              <Text size="sm">{cell.fields(a)}</Text>
              <Text size="sm" fw={600}>
                {figures}
              </Text>
              <Text size="sm" c="dimmed">
                {t.list.billedTo({ who: String(cell.member(a)) })}
                {a.provisional ? ` · ${t.provisional()}` : ""}
              </Text>
            </Paper>
          )
        })}
      </Stack>
    )
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <Menu closeOnItemClick={false} position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="default" size="xs">
              {t.list.columns()}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {listColumns.map((k) => (
              <Menu.Item key={k} component="div">
                <Checkbox
                  label={c[k]()}
                  checked={columns.includes(k)}
                  onChange={(e) =>
                    onColumns(
                      e.currentTarget.checked
                        ? listColumns.filter((x) => x === k || columns.includes(x))
                        : columns.filter((x) => x !== k),
                    )
                  }
                />
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Table.ScrollContainer minWidth={160 + shown.length * 130}>
        <Table striped highlightOnHover verticalSpacing="xs" stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Header
                column="start"
                label={c.start()}
                sort={sort}
                order={order}
                onSort={onSort}
                numeric={false}
              />
              {shown.map((k) => (
                <Header
                  key={k}
                  column={k}
                  label={c[k]()}
                  sort={sort}
                  order={order}
                  onSort={onSort}
                  numeric={numericColumns.has(k)}
                />
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {activities.map((a) => {
              const start = when.format(a.start.epochMillis)
              return (
                <Table.Tr key={a.id}>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    <Anchor
                      renderRoot={(props) => (
                        <Link {...props} to="/Activitys/$idActivity" params={{ idActivity: a.id }} />
                      )}
                      aria-label={t.list.open({ when: `${start} · ${a.machine.name}` })}
                      fw={600}
                    >
                      {start}
                    </Anchor>
                    {a.provisional ? (
                      <Text span size="xs" c="orange.9" display="block">
                        {t.provisional()}
                      </Text>
                    ) : null}
                  </Table.Td>
                  {shown.map((k) => (
                    <Table.Td
                      key={k}
                      style={
                        numericColumns.has(k)
                          ? { textAlign: "right", whiteSpace: "nowrap" }
                          : { minWidth: 120 }
                      }
                    >
                      {cell[k](a)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  )
}

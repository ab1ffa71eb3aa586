import { Table, Text } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import { isCatalogueCan } from "../../schema/canCatalogue"
import { num, utcText } from "./values"

/** A reading with CAN values, as canbus_raw gives it. */
export interface CanRow {
  readonly at: unknown
  readonly counter: string
  readonly values: Readonly<Record<string, number>>
}

/**
 * The raw CAN values of a page of readings (canbus_raw): the time (UTC), the box, then one column
 * per value name the page holds — headed by the catalogue's name where it has one, the name as sent
 * beneath — each value as the box sent it.
 */
export const CanTable = ({ rows }: { rows: ReadonlyArray<CanRow> }) => {
  const { LL } = useI18nContext()
  const t = LL.telemetry
  const names = [...new Set(rows.flatMap((r) => Object.keys(r.values)))].sort()
  return (
    <Table.ScrollContainer minWidth={Math.max(480, 260 + names.length * 130)}>
      <Table striped withTableBorder fz="sm" aria-label={LL.screens.canbusRaw()}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.col_at()}</Table.Th>
            <Table.Th>{t.box()}</Table.Th>
            {names.map((name) => (
              <Table.Th key={name}>
                {isCatalogueCan(name) ? LL.dashboard.canNames[name]() : name}
                {isCatalogueCan(name) ? (
                  <Text component="span" display="block" size="xs" c="dimmed" fw={400}>
                    {name} ({LL.dashboard.canUnits[name]()})
                  </Text>
                ) : null}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={`${r.counter}-${utcText(r.at)}`}>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{utcText(r.at)}</Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{r.counter}</Table.Td>
              {names.map((name) => (
                <Table.Td key={name}>{num(r.values[name] ?? null)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

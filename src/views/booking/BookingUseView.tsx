import { Anchor, Badge, Card, Stack, Table, Text, Title } from "@mantine/core"
import { useMediaQuery } from "@mantine/hooks"
import { Link } from "@tanstack/react-router"
import { useI18nContext } from "../../i18n/i18n-react"
import type { BookingUse, UseItem, UseState } from "../../schema/bookingUse"
import { userLabel } from "../../schema/user"
import { TotalsGrid, useFigures } from "../machines/activities/ActivityCard"
import { dateRange } from "../planning/agenda"

/** The colour a booking's use is told in (green: as booked; orange: overrun; red: booked for nothing). */
export const useColour: Record<UseState, string> = {
  asBooked: "green",
  beyond: "orange",
  noUse: "red",
  upcoming: "gray",
  inProgress: "blue",
  released: "gray",
}

/** An activity's link: when it ran, opening its page. */
const When = ({ item }: { item: UseItem }) => {
  const { locale } = useI18nContext()
  return (
    <Anchor
      renderRoot={(props) => (
        <Link {...props} to="/Activitys/$idActivity" params={{ idActivity: item.activity }} />
      )}
    >
      {dateRange({ start_date: item.start, end_date: item.end }, locale)}
    </Anchor>
  )
}

/**
 * Activities as the reconciliation lists them, each opening its page: a table on a wide screen,
 * on a phone one card each (a table of seven columns would scroll sideways there).
 */
export const UseTable = ({ title, items }: { title: string; items: ReadonlyArray<UseItem> }) => {
  const { LL } = useI18nContext()
  const t = LL.planning.use
  const f = useFigures()
  const phone = useMediaQuery("(max-width: 47.99em)", false, { getInitialValueInEffect: false })
  const member = (i: UseItem) => (i.member === null ? t.noMember() : userLabel(i.member))
  return (
    <div>
      <Title order={3} size="h5" mb={4}>
        {title}
      </Title>
      {items.length === 0 ? (
        <Text c="dimmed">{t.none()}</Text>
      ) : phone ? (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: "none" }} aria-label={title}>
          {items.map((i) => (
            <Card component="li" key={i.activity} withBorder radius="md" padding="sm">
              <When item={i} />
              <Text size="sm">{`${i.machine.name} · ${i.fields.join(", ") || "—"}`}</Text>
              <Text size="sm">
                {`${t.work()} : ${f.duration(i.workSeconds)} · ${t.area()} : ${f.ha(i.areaHa)}`}
              </Text>
              <Text size="sm" c="dimmed">
                {`${t.member()} : ${member(i)}${
                  i.outsideSeconds > 0 ? ` · ${t.outside()} : ${f.duration(i.outsideSeconds)}` : ""
                }`}
              </Text>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer
          minWidth={640}
          scrollAreaProps={{ viewportProps: { tabIndex: 0, role: "region", "aria-label": title } }}
        >
          <Table striped withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t.when()}</Table.Th>
                <Table.Th scope="col">{t.machine()}</Table.Th>
                <Table.Th scope="col">{t.fields()}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t.work()}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t.area()}
                </Table.Th>
                <Table.Th scope="col">{t.member()}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t.outside()}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((i) => (
                <Table.Tr key={i.activity}>
                  <Table.Td>
                    <When item={i} />
                  </Table.Td>
                  <Table.Td>{i.machine.name}</Table.Td>
                  <Table.Td>{i.fields.join(", ") || "—"}</Table.Td>
                  <Table.Td ta="right">{f.duration(i.workSeconds)}</Table.Td>
                  <Table.Td ta="right">{f.ha(i.areaHa)}</Table.Td>
                  <Table.Td>{member(i)}</Table.Td>
                  <Table.Td ta="right">{i.outsideSeconds > 0 ? f.duration(i.outsideSeconds) : "—"}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </div>
  )
}

/**
 * A booking against its machines' use (docs/booking-use.md): where it stands, the time booked, the
 * activities in it and their totals, the time beyond it, and the lists of each.
 */
export const BookingUseView = ({ use }: { use: BookingUse }) => {
  const { LL } = useI18nContext()
  const t = LL.planning.use
  const f = useFigures()
  const quiet = use.state === "upcoming" || use.state === "released"
  return (
    <Stack gap="sm">
      <Badge
        color={useColour[use.state]}
        size="lg"
        variant="light"
        tt="none"
        style={{ alignSelf: "flex-start" }}
      >
        {t.state[use.state]()}
      </Badge>
      {quiet ? null : (
        <>
          <TotalsGrid
            title={t.figures()}
            items={[
              [t.booked(), f.duration(use.bookedSeconds)],
              [t.count(), String(use.totals.count)],
              [t.work(), f.duration(use.totals.workSeconds)],
              [t.area(), f.ha(use.totals.areaHa)],
              [t.beyondTotal(), f.duration(use.beyondSeconds)],
            ]}
          />
          <UseTable title={t.matched()} items={use.matched} />
          {use.beyond.length > 0 ? <UseTable title={t.beyondList()} items={use.beyond} /> : null}
        </>
      )}
    </Stack>
  )
}

import { Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core"
import type { DateTime } from "effect"
import type { ReactNode } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { numericSettings } from "../../machines/fleet/machineForm"
import type { Machine } from "../../schema/machine"
import { userLabel } from "../../schema/user"
import { useCatalogueName } from "../common/catalogueName"

/**
 * One term and its value on one line (the value to the right), the value going under the term
 * when both do not fit; a hairline between rows keeps them apart.
 */
export const Row = ({ term, children }: { term: string; children: ReactNode }) => (
  <Group
    justify="space-between"
    align="baseline"
    gap={4}
    wrap="wrap"
    py={6}
    style={{ borderBottom: "1px solid var(--mantine-color-default-border)", minWidth: 0 }}
  >
    <Text component="dt" size="sm" c="dimmed">
      {term}
    </Text>
    <Text component="dd" m={0} ml="auto" fw={500} ta="right" style={{ overflowWrap: "anywhere" }}>
      {children}
    </Text>
  </Group>
)

/** A titled card of the machine's page (its details, its sensors): the title names the section. */
export const Section = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  <Paper withBorder p={{ base: "sm", sm: "md" }} radius="md" component="section" aria-labelledby={id}>
    <Stack gap="sm">
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  </Paper>
)

/** The rows, in two columns from a tablet's width up (`single`: one column, rows of uneven heights). */
export const List = ({ children, single = false }: { children: ReactNode; single?: boolean }) => (
  <SimpleGrid
    component="dl"
    cols={single ? 1 : { base: 1, sm: 2 }}
    maw={single ? 720 : undefined}
    spacing="xl"
    verticalSpacing={0}
    m={0}
  >
    {children}
  </SimpleGrid>
)

/**
 * What is known about the machine, read-only, for everyone who sees it (editing is the form's):
 * make, category and type in the page's language, dimensions with their units (SPEC §9), CAN,
 * owner, billing, maintenance figures; the advanced parameters folded away.
 */
export const MachineDetails = ({ machine }: { machine: Machine }) => {
  const { LL, locale } = useI18nContext()
  const nameOf = useCatalogueName()
  const d = LL.machines.details
  const unset = d.unset()
  const number = (n: number) => new Intl.NumberFormat(locale).format(n)
  const measured = (n: number | null, unit: (p: { value: string }) => string) =>
    n === null ? unset : unit({ value: number(n) })
  const day = (date: DateTime.Utc | null) =>
    date === null
      ? unset
      : new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(date.epochMillis)
  const { maintenance, settings, billing } = machine
  const can = machine.canPresent
    ? machine.canType
      ? d.canWithType({ type: machine.canType })
      : LL.machines.form.yes()
    : LL.machines.form.no()
  return (
    <Section id="machine-details" title={d.title()}>
      <List>
        <Row term={d.brand()}>{machine.brand?.name ?? unset}</Row>
        <Row term={d.model()}>{machine.model || unset}</Row>
        <Row term={d.category()}>{machine.category === null ? unset : nameOf(machine.category.name)}</Row>
        <Row term={d.type()}>{machine.type === null ? unset : nameOf(machine.type.name)}</Row>
        <Row term={d.toolWidth()}>{measured(machine.toolWidthMeters, d.meters)}</Row>
        <Row term={d.maxSpeed()}>{measured(machine.maxWorkingSpeedKmh, d.kmh)}</Row>
        <Row term={d.can()}>{can}</Row>
        <Row term={d.owner()}>{machine.owner === null ? unset : userLabel(machine.owner)}</Row>
        <Row term={d.billing()}>
          {billing === null
            ? unset
            : d.billingValue({ rate: number(billing.rate), unit: d.per[billing.unit]() })}
        </Row>
        <Row term={d.dateOfIssue()}>{day(maintenance.dateOfIssue)}</Row>
        <Row term={d.totalDistance()}>{measured(maintenance.totalDistanceKm, d.km)}</Row>
        <Row term={d.workingHours()}>{measured(maintenance.workingHours, d.hours)}</Row>
        <Row term={d.engineHours()}>
          {maintenance.engineHours === null
            ? unset
            : maintenance.engineHoursMeasuredAt === null
              ? d.hours({ value: number(maintenance.engineHours) })
              : d.hoursOn({
                  value: number(maintenance.engineHours),
                  date: day(maintenance.engineHoursMeasuredAt),
                })}
        </Row>
      </List>
      <details>
        <summary style={{ cursor: "pointer", paddingBlock: 12 }}>
          <Text component="span" fw={600}>
            {LL.machines.form.advanced()}
          </Text>
        </summary>
        <Stack gap="xs" pt="xs">
          <List>
            {numericSettings.map((key) => (
              <Row key={key} term={LL.machines.form.settings[key]()}>
                {number(settings[key])}
              </Row>
            ))}
            <Row term={LL.machines.form.settings.minVibration()}>
              {LL.machines.form.vibration[settings.minVibration]()}
            </Row>
            <Row term={LL.machines.form.settings.timeLimitation()}>
              {LL.machines.form.timeLimitation[settings.timeLimitation]()}
            </Row>
            <Row term={LL.machines.form.settings.ignoreUnknownFields()}>
              {settings.ignoreUnknownFields ? LL.machines.form.yes() : LL.machines.form.no()}
            </Row>
            <Row term={LL.machines.form.settings.priority()}>
              {settings.priority.map((s) => LL.machines.form.sources[s]()).join(" → ")}
            </Row>
            <Row term={LL.machines.form.consumption()}>
              {machine.consumption === null
                ? LL.machines.form.consumptionNone()
                : `${number(machine.consumption.rate)} ${LL.machines.form.consumptionUnits[machine.consumption.unit]()}`}
            </Row>
          </List>
        </Stack>
      </details>
    </Section>
  )
}

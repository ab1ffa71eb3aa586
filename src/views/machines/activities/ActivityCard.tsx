import {
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Popover,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from "@mantine/core"
import type { ReactNode } from "react"
import { useI18nContext } from "../../../i18n/i18n-react"
import type { Activity } from "../../../schema/activity"
import { pickName } from "../../../schema/catalogue"
import { userLabel } from "../../../schema/user"
import { hoursAndMinutes, numberIn } from "./figures"

/** A badge that says what it means when tapped or focused (a farmer's phone has no hover). */
export const HintBadge = ({ label, hint, color }: { label: string; hint: string; color: string }) => (
  <Popover width={260} position="bottom-start" withArrow shadow="md">
    <Popover.Target>
      <UnstyledButton style={{ borderRadius: 16 }}>
        <Badge color={color} variant="light" style={{ cursor: "help" }}>
          {label}
        </Badge>
      </UnstyledButton>
    </Popover.Target>
    <Popover.Dropdown>
      <Text size="sm">{hint}</Text>
    </Popover.Dropdown>
  </Popover>
)

/** Writes durations, distances, areas and litres as the page's language does. */
export const useFigures = () => {
  const { LL, locale } = useI18nContext()
  const t = LL.activities
  const two = numberIn(locale, 2)
  const one = numberIn(locale, 1)
  return {
    duration: (seconds: number) => {
      const { hours, minutes } = hoursAndMinutes(seconds)
      return hours === null
        ? t.minutes({ minutes })
        : t.hoursMinutes({ hours, minutes: String(minutes).padStart(2, "0") })
    },
    ha: (value: number | null) => (value === null ? t.unknown() : t.ha({ value: two(value) })),
    km: (metres: number) => t.km({ value: one(metres / 1000) }),
    litres: (value: number | null) => (value === null ? t.unknown() : t.litres({ value: one(value) })),
    kmh: (value: number) => t.kmh({ value: one(value) }),
  }
}

/** Totals over a list of activities: a title, then label and figure pairs, two a row on a phone. */
export const TotalsGrid = ({
  title,
  items,
  heading = 3,
}: {
  title: string
  items: ReadonlyArray<readonly [string, string]>
  heading?: 2 | 3
}) => (
  <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-default-hover)">
    <Title order={heading} size="h5" mb={4}>
      {title}
    </Title>
    <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="xs" m={0} data-totals>
      {items.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fw={700} size="lg">
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  </Paper>
)

const Figure = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box>
    <Text component="dt" size="xs" c="dimmed">
      {label}
    </Text>
    <Text component="dd" m={0} fw={500} style={{ overflowWrap: "anywhere" }}>
      {children}
    </Text>
  </Box>
)

/**
 * One activity: when and how long, the fields worked, who it is for and why, every figure of
 * SPEC §3 Activity, and whether it may still change or was changed by a person.
 */
export const ActivityCard = ({
  activity,
  clock,
  onEdit,
}: {
  activity: Activity
  /** Writes an instant as a local time. */
  clock: (at: number) => string
  /** Opens the change of the activity; absent for a person who may not change it. */
  onEdit?: () => void
}) => {
  const { LL, locale } = useI18nContext()
  const t = LL.activities
  const f = useFigures()
  const a = activity
  const names = (people: ReadonlyArray<{ firstname: string; lastname: string; name: string | null }>) =>
    people.length === 0 ? t.unknown() : people.map(userLabel).join(", ")
  const when = t.timeRange({ start: clock(a.start.epochMillis), end: clock(a.end.epochMillis) })
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={when}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>{when}</Text>
            <Text c="dimmed">{f.duration(a.durationSeconds)}</Text>
            {a.provisional ? (
              <HintBadge label={t.provisional()} hint={t.provisionalHint()} color="orange" />
            ) : null}
            {a.edited ? <HintBadge label={t.edited()} hint={t.editedHint()} color="blue" /> : null}
            {a.differsFromEdit ? <HintBadge label={t.differs()} hint={t.differsHint()} color="red" /> : null}
          </Group>
          {onEdit ? (
            <Button size="xs" variant="light" onClick={onEdit} aria-label={`${t.edit()} ${when}`}>
              {t.edit()}
            </Button>
          ) : null}
        </Group>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs" m={0}>
          <Figure label={t.member()}>
            <Group component="span" gap="xs" wrap="wrap">
              <span>{a.member === null ? t.nobody() : userLabel(a.member)}</span>
              <HintBadge
                label={t.reason[a.attribution]()}
                hint={t.reasonHint[a.attribution]()}
                color="grape"
              />
            </Group>
          </Figure>
          <Figure label={t.fieldsWorked()}>
            {[
              ...(a.fields.length === 0
                ? []
                : [
                    `${a.fields.map((field) => field.name).join(", ")} (${t.fieldCount({ count: a.fieldCount })})`,
                  ]),
              // Under a minute outside known fields is a GPS wobble at the edge, not worth a line.
              ...(a.unknownFieldSeconds >= 60
                ? [t.unknownField({ duration: f.duration(a.unknownFieldSeconds) })]
                : []),
            ].join(" · ") || t.unknown()}
          </Figure>
        </SimpleGrid>
        <SimpleGrid component="dl" cols={{ base: 2, sm: 3, lg: 5 }} spacing="xs" verticalSpacing="xs" m={0}>
          <Figure label={t.area()}>
            <span title={a.areaHa === null ? t.noToolWidth() : undefined}>{f.ha(a.areaHa)}</span>
          </Figure>
          <Figure label={t.areaWithOverlap()}>{f.ha(a.areaWithOverlapHa)}</Figure>
          <Figure label={t.roadDistance()}>{f.km(a.roadDistanceM)}</Figure>
          <Figure label={t.workDistance()}>{f.km(a.workDistanceM)}</Figure>
          <Figure label={t.pauses()}>
            {a.pauseCount === 0
              ? "0"
              : t.pauseFigure({ count: a.pauseCount, duration: f.duration(a.pauseSeconds) })}
          </Figure>
          <Figure label={t.fuel()}>
            {a.fuelLitres === null ? (
              <span title={t.noFuel()}>{t.unknown()}</span>
            ) : (
              <>
                {f.litres(a.fuelLitres)}
                <Text component="span" display="block" size="xs" c="dimmed">
                  {a.fuelSource === "can" ? t.fuelCan() : t.fuelRate()}
                </Text>
              </>
            )}
          </Figure>
          <Figure label={t.maxSpeed()}>{f.kmh(a.maxSpeedKmh)}</Figure>
          <Figure label={t.productType()}>
            {a.productType === null ? t.unknown() : pickName(a.productType.name, locale)}
          </Figure>
          <Figure label={t.drivers()}>{names(a.drivers)}</Figure>
          <Figure label={t.auxiliaries()}>
            {a.auxiliaries.length === 0 ? t.unknown() : a.auxiliaries.map((m) => m.name).join(", ")}
          </Figure>
        </SimpleGrid>
      </Stack>
    </Paper>
  )
}

import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { type ReactNode, useEffect } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveHomeOverviewMachine } from "../../machines/home/homeOverview.actors"
import type { Booking } from "../../schema/booking"
import { userLabel } from "../../schema/user"
import { ago } from "../common/ago"
import { formatDate } from "../common/format"
import { browserZone } from "../machines/history/period"

/** "09:00–12:00": a booking's hours in the person's zone (a day's overview names no day). */
const hours = (b: Booking, locale: string, timeZone: string) => {
  const f = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", timeZone })
  return `${f.format(b.start_date.epochMillis)}–${f.format(b.end_date.epochMillis)}`
}

/** One line of the overview: what it is about, a tap away from its screen. */
const Line = ({ to, children, aside }: { to: string; children: ReactNode; aside?: ReactNode }) => (
  <Group component="li" justify="space-between" wrap="nowrap" gap="xs" mih={44}>
    <Anchor component={Link} to={to} style={{ minWidth: 0, overflowWrap: "anywhere" }}>
      {children}
    </Anchor>
    {aside}
  </Group>
)

const Part = ({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) => (
  <Stack gap={4}>
    <Group justify="space-between" align="baseline">
      <Title order={3} size="h5">
        {title}
      </Title>
      {action}
    </Group>
    <Stack gap={0} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {children}
    </Stack>
  </Stack>
)

/** The maintenance rules listed at most (the most urgent first). */
const maintenanceShown = 5

/**
 * The home page's overview ("Aujourd'hui"): the machines working now, today's and tomorrow's bookings,
 * the disputes to answer, the maintenance to plan, the boxes to check — each line one tap from its
 * screen (the five most urgent rules; the maintenance dashboard has them all); only the parts
 * that hold something. Read again when the person comes back to the page.
 */
export const MorningOverview = ({
  machine = liveHomeOverviewMachine,
  now = Date.now,
  zone = browserZone(),
}: {
  machine?: typeof liveHomeOverviewMachine
  /** The clock (tests give a fixed one). */
  now?: () => number
  /** The person's time zone: where today and tomorrow begin. */
  zone?: string
}) => {
  const { LL, locale } = useI18nContext()
  const t = LL.homePage.overview
  const actor = useActorRef(machine, { input: { zone, now } })
  const state = useSelector(actor, (s) => s)
  useEffect(() => {
    const again = () => {
      if (document.visibilityState === "visible") actor.send({ type: "homeOverview.refresh" })
    }
    document.addEventListener("visibilitychange", again)
    return () => document.removeEventListener("visibilitychange", again)
  }, [actor])
  const o = state.context.overview
  const askedAt = state.context.askedAt
  const booking = (b: Booking) => (
    <Line
      key={b.id}
      to={`/ActionBooking?booking=${b.id}`}
      aside={
        <Badge
          color={b.status === "accepted" ? "green" : "red"}
          variant="light"
          tt="none"
          style={{ flexShrink: 0 }}
        >
          {b.status === "accepted" ? t.accepted() : t.requested()}
        </Badge>
      }
    >
      {hours(b, locale, zone)} · {b.resources.map((r) => r.name).join(", ")} ·{" "}
      {t.forWhom({ name: userLabel(b.user) })}
    </Line>
  )
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="home-overview">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h3" id="home-overview">
            {t.title()}
          </Title>
          {state.hasTag("busy") ? <Loader role="progressbar" size="xs" aria-label={t.title()} /> : null}
        </Group>
        {state.matches("failed") ? (
          <Alert color="red" role="alert">
            <Group justify="space-between">
              <Text>{t.failed()}</Text>
              <Button variant="default" onClick={() => actor.send({ type: "homeOverview.refresh" })}>
                {t.retry()}
              </Button>
            </Group>
          </Alert>
        ) : null}
        {o !== null &&
        o.working.length +
          o.today.length +
          o.tomorrow.length +
          o.disputes.length +
          o.boxes.length +
          o.maintenance.length ===
          0 ? (
          <Text c="dimmed">{t.quiet()}</Text>
        ) : null}
        {o !== null && o.working.length > 0 ? (
          <Part
            title={t.working({ count: o.working.length })}
            action={
              <Anchor component={Link} to="/GeolocShortcut" size="sm" fw={600}>
                {t.onMap()}
              </Anchor>
            }
          >
            {o.working.map((p) => (
              <Line key={p.machine.id} to={`/machines/${p.machine.id}`}>
                {p.machine.name} ·{" "}
                {t.speed({
                  speed: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(
                    p.position?.speed ?? 0,
                  ),
                  ago: p.position ? ago(LL, p.position.at, askedAt) : "",
                })}
              </Line>
            ))}
          </Part>
        ) : null}
        {o !== null && o.today.length > 0 ? (
          <Part title={t.today({ count: o.today.length })}>{o.today.map(booking)}</Part>
        ) : null}
        {o !== null && o.tomorrow.length > 0 ? (
          <Part title={t.tomorrow({ count: o.tomorrow.length })}>{o.tomorrow.map(booking)}</Part>
        ) : null}
        {o !== null && o.disputes.length > 0 ? (
          <Part title={t.disputes({ count: o.disputes.length })}>
            {o.disputes.map((d) => (
              <Line key={d.notification.id} to={`/Activitys/${d.activity.id}`}>
                {t.disputeLine({
                  machine: d.activity.machine,
                  when: formatDate(d.activity.start, locale),
                  name: d.notification.actor ? userLabel(d.notification.actor) : "—",
                })}
              </Line>
            ))}
          </Part>
        ) : null}
        {o !== null && o.maintenance.length > 0 ? (
          <Part
            title={t.maintenance({ count: o.maintenance.length })}
            action={
              <Anchor component={Link} to="/maintenance/dashboard" size="sm" fw={600}>
                {t.maintenanceAll()}
              </Anchor>
            }
          >
            {o.maintenance.slice(0, maintenanceShown).map((r) => (
              <Line
                key={`${r.machine.id}:${r.rule.id}`}
                to={`/maintenance/machines?machine=${r.machine.id}`}
                aside={
                  <Badge
                    color={r.status === "overdue" ? "red" : "orange"}
                    variant={r.status === "soon" ? "light" : "filled"}
                    tt="none"
                    style={{ flexShrink: 0 }}
                  >
                    {t.maintenanceStatus[r.status as "soon" | "due" | "overdue"]()}
                  </Badge>
                }
              >
                {r.machine.name} · {r.rule.name}
              </Line>
            ))}
          </Part>
        ) : null}
        {o !== null && o.boxes.length > 0 ? (
          <Part title={t.boxes({ count: o.boxes.length })}>
            {o.boxes.map((b) => (
              <Line key={b.counter.id} to="/counter">
                {[
                  b.counter.id,
                  b.counter.machine?.name,
                  b.silent && b.counter.lastCommunication
                    ? t.silent({ ago: ago(LL, b.counter.lastCommunication, askedAt) })
                    : null,
                  b.lowBattery && b.counter.battery !== null
                    ? t.lowBattery({ battery: Math.round(b.counter.battery) })
                    : null,
                ]
                  .filter((part) => part)
                  .join(" · ")}
              </Line>
            ))}
          </Part>
        ) : null}
      </Stack>
    </Paper>
  )
}

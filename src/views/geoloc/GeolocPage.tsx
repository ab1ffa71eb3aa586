import { Alert, Badge, Box, Button, Card, Flex, Group, Loader, Stack, Text, Title } from "@mantine/core"
import { Link, useNavigate } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { type ComponentType, lazy, Suspense, useEffect, useMemo, useState } from "react"
import { errorText } from "../../i18n/errorText"
import { useI18nContext } from "../../i18n/i18n-react"
import type { TranslationFunctions } from "../../i18n/i18n-types"
import type { geolocMachine } from "../../machines/geoloc/geoloc"
import { liveGeolocMachine } from "../../machines/geoloc/geoloc.actors"
import { ageText, movingNow, type ShownMachine, shownMachines } from "./positions"

const GeolocMap = lazy(() => import("./GeolocMap"))

/** What the page hands its map (GeolocMap; a stand-in where WebGL is missing, in component tests). */
export interface MapProps {
  readonly machines: ReadonlyArray<ShownMachine>
  readonly now: number
  readonly moving: (m: ShownMachine, now: number) => boolean
  readonly onOpen: (id: string) => void
  readonly height: number | string
}

/** How often the ages ("il y a 4 min") and the moving state are worked out again. */
const tick = 15_000

const useNow = (fixed: number | undefined) => {
  const [now, setNow] = useState(() => fixed ?? Date.now())
  useEffect(() => {
    if (fixed !== undefined) return
    const timer = setInterval(() => setNow(Date.now()), tick)
    return () => clearInterval(timer)
  }, [fixed])
  return fixed ?? now
}

const LiveStatus = ({ open, off }: { open: boolean; off: boolean }) => {
  const { LL } = useI18nContext()
  const text = off ? LL.geoloc.liveOff() : open ? LL.geoloc.liveOpen() : LL.geoloc.liveConnecting()
  return (
    <Badge
      variant="light"
      color={off ? "gray" : open ? "green" : "blue"}
      size="lg"
      radius="sm"
      role="status"
      data-live={off ? "off" : open ? "open" : "connecting"}
      style={{ textTransform: "none", whiteSpace: "normal", height: "auto" }}
    >
      {text}
    </Badge>
  )
}

const facts = (LL: TranslationFunctions, locale: string, m: ShownMachine, now: number) => {
  if (m.position === null) return [LL.geoloc.unknown()]
  const moving = movingNow(m, now)
  return [
    ageText(locale, m.position.at.epochMillis, now),
    moving && m.position.speed !== null
      ? `${LL.geoloc.moving()} · ${LL.geoloc.speed({ speed: Math.round(m.position.speed) })}`
      : LL.geoloc.stopped(),
    ...(m.battery === null ? [] : [LL.geoloc.battery({ value: Math.round(m.battery) })]),
  ]
}

const MachineEntry = ({ m, now }: { m: ShownMachine; now: number }) => {
  const { LL, locale } = useI18nContext()
  return (
    <Card component="li" withBorder radius="md" padding={0} data-machine={m.id}>
      <Link
        to="/machines/$idmachine"
        params={{ idmachine: m.id }}
        style={{
          display: "block",
          padding: "10px 14px",
          minHeight: 44,
          color: "inherit",
          textDecoration: "none",
        }}
      >
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={700} style={{ overflowWrap: "anywhere" }}>
            {m.name}
          </Text>
          <Badge variant="outline" color={m.live ? "green" : "gray"} radius="sm" style={{ flexShrink: 0 }}>
            {m.live ? LL.geoloc.live() : LL.geoloc.lastUpload()}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {m.cluster.name}
        </Text>
        <Text
          size="sm"
          data-position={m.position === null ? "unknown" : `${m.position.lng},${m.position.lat}`}
        >
          {facts(LL, locale, m, now).join(" · ")}
        </Text>
      </Link>
    </Card>
  )
}

/**
 * /GeolocShortcut, "Trouver mes machines" (SPEC §2, docs/geoloc.md): every machine the person sees
 * at its latest position, on a map and as a list (under the map on a phone, beside it on a wider
 * screen); those they follow in real time move as the server pushes their fixes.
 */
export const GeolocPage = ({
  machine = liveGeolocMachine,
  now: fixedNow,
  MapView = GeolocMap,
}: {
  machine?: typeof geolocMachine
  now?: number
  MapView?: ComponentType<MapProps>
}) => {
  const { LL } = useI18nContext()
  const navigate = useNavigate()
  const actor = useActorRef(machine)
  const machines = useSelector(actor, (s) => s.context.machines)
  const fixes = useSelector(actor, (s) => s.context.fixes)
  const error = useSelector(actor, (s) => s.context.error)
  const failed = useSelector(actor, (s) => s.matches({ data: "failed" }))
  const open = useSelector(actor, (s) => s.context.open)
  const off = useSelector(actor, (s) => s.matches({ live: "off" }))
  const now = useNow(fixedNow)
  const shown = useMemo(() => (machines === null ? null : shownMachines(machines, fixes)), [machines, fixes])
  const placed = shown?.filter((m) => m.position !== null).length ?? 0

  return (
    <Stack gap="md">
      <Title order={1}>{LL.screens.geolocShortcut()}</Title>
      <Text c="dimmed">{LL.geoloc.intro()}</Text>
      <Group gap="sm">
        <LiveStatus open={open} off={off} />
        {shown !== null && shown.length > 0 ? (
          <Text size="sm">{LL.geoloc.positioned({ count: placed })}</Text>
        ) : null}
      </Group>
      {failed && shown === null ? (
        <Alert color="red" title={LL.geoloc.loadFailed()}>
          <Stack gap="xs" align="flex-start">
            <Text>{error ? errorText(LL, error) : null}</Text>
            <Button variant="light" onClick={() => actor.send({ type: "geoloc.retry" })}>
              {LL.geoloc.retry()}
            </Button>
          </Stack>
        </Alert>
      ) : shown === null ? (
        <Loader role="progressbar" aria-label={LL.geoloc.loading()} />
      ) : shown.length === 0 ? (
        <Text>{LL.geoloc.none()}</Text>
      ) : (
        <Flex direction={{ base: "column", md: "row" }} gap="md" align="stretch">
          <Box style={{ flex: 2, minWidth: 0 }}>
            <Suspense fallback={<Loader role="progressbar" aria-label={LL.geoloc.loading()} />}>
              <MapView
                machines={shown}
                now={now}
                moving={movingNow}
                height="min(60vh, 560px)"
                onOpen={(id) => void navigate({ to: "/machines/$idmachine", params: { idmachine: id } })}
              />
            </Suspense>
          </Box>
          <Stack
            gap="xs"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: "none", flex: 1, minWidth: 0 }}
            aria-label={LL.geoloc.list()}
          >
            {shown.map((m) => (
              <MachineEntry key={m.id} m={m} now={now} />
            ))}
          </Stack>
        </Flex>
      )}
    </Stack>
  )
}

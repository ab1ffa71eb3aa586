import { Box, Button, Group, Slider, Stack, Text } from "@mantine/core"
import { useEffect, useMemo, useRef, useState } from "react"
import { useI18nContext } from "../../../i18n/i18n-react"
import { type Cursor, cursorAt, spanOf, type Timeline } from "./trace"

/** How long playing the whole period takes, whatever its length (ms), and how often it moves. */
const playMs = 60_000
const tickMs = 100

/** The slider's step (s): at most ~1,500 steps over the period (a day: a minute a step). */
const steps = [1, 5, 15, 30, 60, 120, 300, 600, 900, 1800, 3600] as const
export const stepFor = (seconds: number): number => steps.find((s) => s >= seconds / 1500) ?? 3600

/**
 * The replay of a period: a slider over the instants with a position (first to last), the time and
 * speed at the chosen instant, and play/pause, which moves it on by itself (the whole period in a
 * minute). Keyed by the period: another one starts again from its start. `onCursor` gets where the
 * machine was, for the map; `seek` brings it to an instant picked on the map. Keyboard: the slider's arrows step, Home and End go to either end, Page
 * Up and Page Down by a tenth of the period.
 */
export const Replay = ({
  timeline,
  zone,
  onCursor,
  seek = null,
}: {
  timeline: Timeline
  zone: string
  onCursor: (cursor: Cursor | null) => void
  /** An instant picked elsewhere (on the map): the replay goes there, paused (`n` tells picks apart). */
  seek?: { readonly at: number; readonly n: number } | null
}) => {
  const { LL, locale } = useI18nContext()
  const t = LL.machineHistory
  const { first, last } = useMemo(() => spanOf(timeline), [timeline])
  const total = Math.max(0, Math.round((last - first) / 1000))
  const step = stepFor(total)
  const [offset, setOffset] = useState(0)
  const [playing, setPlaying] = useState(false)
  const cursor = useMemo(() => cursorAt(timeline, first + offset * 1000), [timeline, first, offset])
  const report = useRef(onCursor)
  report.current = onCursor

  useEffect(() => report.current(cursor), [cursor])
  useEffect(() => {
    if (seek === null) return
    setPlaying(false)
    setOffset(Math.min(total, Math.max(0, Math.round((seek.at - first) / 1000))))
  }, [seek, first, total])

  useEffect(() => {
    if (!playing) return
    const advance = Math.max(1, (total * tickMs) / playMs)
    const timer = setInterval(() => {
      setOffset((now) => {
        const next = Math.min(total, now + advance)
        if (next >= total) setPlaying(false)
        return next
      })
    }, tickMs)
    return () => clearInterval(timer)
  }, [playing, total])

  const multiDay = useMemo(() => {
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: zone })
    return day.format(first) !== day.format(last)
  }, [first, last, zone])
  const format = useMemo(
    () =>
      new Intl.DateTimeFormat(locale, {
        timeZone: zone,
        ...(multiDay ? { dateStyle: "medium" } : {}),
        timeStyle: "medium",
      }),
    [locale, zone, multiDay],
  )
  const timeText = (seconds: number) => format.format(first + seconds * 1000)
  const speedText =
    cursor === null || cursor.silent
      ? t.silent()
      : cursor.speed === null
        ? t.speedUnknown()
        : t.speed({ speed: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(cursor.speed) })

  const jump = (by: number) => {
    setPlaying(false)
    setOffset((now) => Math.min(total, Math.max(0, now + by)))
  }

  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="nowrap" align="center">
        <Button
          size="md"
          variant="filled"
          miw={112}
          style={{ flexShrink: 0 }}
          aria-pressed={playing}
          onClick={() => {
            if (!playing && offset >= total) setOffset(0)
            setPlaying(!playing)
          }}
          disabled={total === 0}
        >
          {playing ? t.pause() : t.play()}
        </Button>
        <Stack gap={0} style={{ minWidth: 0 }} aria-live={playing ? "off" : "polite"} data-replay-at>
          <Text fw={600} data-replay-time>
            {timeText(offset)}
          </Text>
          <Text size="sm" c={cursor?.silent ? "dimmed" : undefined} data-replay-speed>
            {speedText}
          </Text>
        </Stack>
      </Group>
      <Box
        px="xs"
        py="sm"
        onKeyDownCapture={(event) => {
          if (event.key !== "PageUp" && event.key !== "PageDown") return
          event.preventDefault()
          jump((event.key === "PageUp" ? 1 : -1) * Math.max(step, Math.round(total / 10)))
        }}
      >
        <Slider
          min={0}
          max={Math.max(total, step)}
          step={step}
          value={offset}
          onChange={(value) => {
            setPlaying(false)
            setOffset(value)
          }}
          disabled={total === 0}
          label={timeText}
          thumbLabel={t.slider()}
          thumbValueText={(value) => `${timeText(value)}, ${speedText}`}
          size="lg"
        />
      </Box>
      <Text size="xs" c="dimmed">
        {t.keys()} {t.pick()}
      </Text>
    </Stack>
  )
}

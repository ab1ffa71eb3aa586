import { ActionIcon, Button, Group, NativeSelect, Paper, Stack, Text, TextInput } from "@mantine/core"
import { lazy, Suspense, useMemo, useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { BookedField, BookingFieldOption } from "../../schema/booking"
import type { FieldId } from "../../schema/ids"
import { userLabel } from "../../schema/user"
import { formatArea } from "../common/area"
import { wrapping } from "../common/RightHint"

/** The most fields the picker lists at once: a search narrows a big structure's. */
const shownChoices = 200

/** Loaded on demand: the map stays out of the form's first paint (and of jsdom). */
const FieldsMap = lazy(() => import("../common/map/FieldsMap"))

/**
 * The fields a booking names (SPEC §3 Booking: fields), in order: picked from the structure's
 * members' fields (narrowed by words of their name or owner), or by tapping them on the map; each one
 * removed with ✕; the count and total area below. A field the booking already names stays listed
 * even when the structure no longer offers it (`known`).
 */
export const FieldPicker = ({
  value,
  options,
  known,
  error,
  onChange,
}: {
  value: ReadonlyArray<FieldId>
  /** null while they load. */
  options: ReadonlyArray<BookingFieldOption> | null
  /** The fields the booking held when the form opened. */
  known: ReadonlyArray<BookedField>
  error: string | undefined
  onChange: (fields: ReadonlyArray<FieldId>) => void
}) => {
  const { LL, locale } = useI18nContext()
  const t = LL.booking.form
  const [onMap, setOnMap] = useState(false)
  const [query, setQuery] = useState("")
  const byId = useMemo(() => {
    const all = new Map<string, { name: string; areaHa: number }>(known.map((f) => [f.id, f]))
    for (const o of options ?? []) all.set(o.id, o)
    return all
  }, [options, known])
  const chosen = new Set<string>(value)
  const choices = useMemo(
    () =>
      (options ?? []).map((o) => ({
        value: o.id,
        label: t.fieldOption({
          name: o.name,
          area: formatArea(o.areaHa, locale),
          owner: userLabel(o.owner),
        }),
      })),
    [options, t, locale],
  )
  const areas = useMemo(
    () => (options ?? []).map((o) => ({ id: o.id, name: o.name, geometry: o.geometry })),
    [options],
  )
  const words = query.trim().toLocaleLowerCase(locale).split(/\s+/).filter(Boolean)
  const offered = choices.filter(
    (c) => !chosen.has(c.value) && words.every((w) => c.label.toLocaleLowerCase(locale).includes(w)),
  )
  const toggle = (id: string) =>
    onChange(chosen.has(id) ? value.filter((f) => f !== id) : [...value, id as FieldId])
  const total = value.reduce((sum, id) => sum + (byId.get(id)?.areaHa ?? 0), 0)
  return (
    <Stack gap="xs">
      <Text fw={600} id="booking-fields">
        {t.fields()}
      </Text>
      {value.length > 0 ? (
        <Stack
          component="ol"
          gap={6}
          p={0}
          m={0}
          style={{ listStyle: "none" }}
          aria-labelledby="booking-fields"
        >
          {value.map((id, i) => {
            const f = byId.get(id)
            const name = f?.name ?? "…"
            return (
              <Paper component="li" key={id} withBorder p="xs" radius="md">
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <Text style={{ overflowWrap: "anywhere", minWidth: 0 }}>
                    <Text span fw={700}>{`${i + 1}. `}</Text>
                    {name}{" "}
                    {f !== undefined ? (
                      <Text span size="sm" c="dimmed">
                        ({formatArea(f.areaHa, locale)} ha)
                      </Text>
                    ) : null}
                  </Text>
                  <ActionIcon
                    size={44}
                    variant="default"
                    color="red"
                    aria-label={t.removeField({ name })}
                    onClick={() => onChange(value.filter((x) => x !== id))}
                  >
                    ✕
                  </ActionIcon>
                </Group>
              </Paper>
            )
          })}
        </Stack>
      ) : null}
      {value.length > 0 ? (
        <Text size="sm" fw={600}>
          {t.fieldsTotal({ count: value.length, area: formatArea(total, locale) })}
        </Text>
      ) : null}
      {error !== undefined ? (
        <Text c="red.9" size="sm" role="alert">
          {error}
        </Text>
      ) : null}
      {options !== null && options.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.fieldsNone()}
        </Text>
      ) : (
        <>
          <TextInput
            size="md"
            label={t.fieldsSearch()}
            value={query}
            disabled={options === null}
            onChange={(e) => setQuery(e.currentTarget.value)}
          />
          <NativeSelect
            size="md"
            label={t.addField()}
            value=""
            disabled={options === null}
            data={[
              { value: "", label: t.pickField({ count: offered.length }) },
              ...offered.slice(0, shownChoices),
            ]}
            onChange={(e) => {
              const id = e.currentTarget.value
              if (id !== "") onChange([...value, id as FieldId])
            }}
          />
          <Group gap="sm">
            <Button
              variant="light"
              size="md"
              {...wrapping}
              disabled={options === null}
              onClick={() => setOnMap((shown) => !shown)}
            >
              {onMap ? t.hideArea() : t.fieldsOnMap()}
            </Button>
          </Group>
          {onMap ? (
            <Suspense fallback={<Text size="sm">{t.mapLoading()}</Text>}>
              <Text size="sm">{t.fieldsMapHelp()}</Text>
              <FieldsMap areas={areas} chosen={value} onSelect={toggle} height={320} />
            </Suspense>
          ) : null}
        </>
      )}
    </Stack>
  )
}

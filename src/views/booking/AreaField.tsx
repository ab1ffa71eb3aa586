import { Button, Group, Stack, Text } from "@mantine/core"
import { lazy, Suspense, useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { BookingGeometry } from "../../schema/booking"
import { wrapping } from "../common/RightHint"

/** Loaded on demand: the map and its drawing tools stay out of the form's first paint (and of jsdom). */
const GeometryDrawer = lazy(() => import("./GeometryDrawer"))

/** The optional drawn area: "Dessiner la zone" opens the map; once drawn it says so and can be cleared. */
export const AreaField = ({
  value,
  error,
  onChange,
}: {
  value: BookingGeometry | null
  error: string | undefined
  onChange: (geometry: BookingGeometry | null) => void
}) => {
  const { LL } = useI18nContext()
  const t = LL.booking.form
  const [drawing, setDrawing] = useState(false)
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Button variant="light" size="md" {...wrapping} onClick={() => setDrawing((d) => !d)}>
          {drawing ? t.hideArea() : t.drawArea()}
        </Button>
        {value !== null ? (
          <>
            <Text size="sm" fw={600}>
              {t.areaDrawn()}
            </Text>
            {drawing ? null : (
              <Button variant="subtle" color="red" size="md" onClick={() => onChange(null)}>
                {t.clearArea()}
              </Button>
            )}
          </>
        ) : null}
      </Group>
      {error !== undefined ? (
        <Text c="red.9" size="sm" role="alert">
          {error}
        </Text>
      ) : null}
      {drawing ? (
        <Suspense fallback={<Text size="sm">{t.mapLoading()}</Text>}>
          <GeometryDrawer value={value} onChange={onChange} />
        </Suspense>
      ) : null}
    </Stack>
  )
}

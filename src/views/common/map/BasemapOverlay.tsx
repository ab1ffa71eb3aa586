import { SegmentedControl, Text } from "@mantine/core"
import type { Map as MapLibre } from "maplibre-gl"
import { useState } from "react"
import { useI18nContext } from "../../../i18n/i18n-react"
import { customStyleUrl, type IgnLayer, setIgnLayer } from "./basemap"

/**
 * What lies over a map's corners: while IGN's tiles can be reached, aerial photos or Plan IGN to
 * choose (top right); once they cannot, the notice that the map is the bundled one (top left).
 * Nothing over a style of MAP_STYLE_URL's.
 */
export const BasemapOverlay = ({ map, fallback }: { map: () => MapLibre | null; fallback: boolean }) => {
  const { LL } = useI18nContext()
  const [layer, setLayer] = useState<IgnLayer>("ortho")
  if (customStyleUrl()) return null
  if (fallback)
    return (
      <Text
        size="sm"
        pos="absolute"
        top={8}
        left={8}
        px="xs"
        py={2}
        bg="var(--mantine-color-body)"
        style={{ borderRadius: 4 }}
      >
        {LL.fields.map.fallback()}
      </Text>
    )
  return (
    <SegmentedControl
      size="xs"
      pos="absolute"
      top={8}
      right={8}
      aria-label={LL.fields.map.layer()}
      value={layer}
      onChange={(v) => {
        const next: IgnLayer = v === "plan" ? "plan" : "ortho"
        setLayer(next)
        const current = map()
        if (current) setIgnLayer(current, next)
      }}
      data={[
        { value: "ortho", label: LL.fields.map.ortho() },
        { value: "plan", label: LL.fields.map.plan() },
      ]}
    />
  )
}

import { SegmentedControl } from "@mantine/core"
import { useI18nContext } from "../../../i18n/i18n-react"
import type { IgnLayer } from "./basemap"

/** Aerial photos or Plan IGN, over a map's top-right corner; hidden once the IGN tiles are unreachable. */
export const BasemapSwitch = ({
  value,
  onChange,
}: {
  value: IgnLayer
  onChange: (layer: IgnLayer) => void
}) => {
  const { LL } = useI18nContext()
  return (
    <SegmentedControl
      size="xs"
      pos="absolute"
      top={8}
      right={8}
      aria-label={LL.fields.map.layer()}
      value={value}
      onChange={(v) => onChange(v === "plan" ? "plan" : "ortho")}
      data={[
        { value: "ortho", label: LL.fields.map.ortho() },
        { value: "plan", label: LL.fields.map.plan() },
      ]}
    />
  )
}

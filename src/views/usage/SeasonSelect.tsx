import { Select } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import type { Season } from "./periods"

/** A season's name: "Campagne 2025-2026 (sept. – août)" or "Année 2026". */
export const useSeasonName = () => {
  const { LL } = useI18nContext()
  const t = LL.usage.field
  return (s: Season) =>
    s.kind === "campaign" ? t.campaign({ first: s.year - 1, last: s.year }) : t.year({ year: s.year })
}

/** The season picker of the analyses (a field's, a machine's): `onChoose` gets the season chosen. */
export const SeasonSelect = ({
  seasons,
  season,
  disabled,
  onChoose,
}: {
  seasons: ReadonlyArray<Season>
  season: Season
  disabled: boolean
  onChoose: (season: Season) => void
}) => {
  const { LL } = useI18nContext()
  const name = useSeasonName()
  return (
    <Select
      label={LL.usage.field.season()}
      data={seasons.map((s) => ({ value: s.key, label: name(s) }))}
      value={season.key}
      allowDeselect={false}
      disabled={disabled}
      maw={360}
      onChange={(key) => {
        const chosen = seasons.find((s) => s.key === key)
        if (chosen) onChoose(chosen)
      }}
    />
  )
}

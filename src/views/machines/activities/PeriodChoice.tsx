import { useI18nContext } from "../../../i18n/i18n-react"
import { PeriodPicker } from "../../common/PeriodPicker"
import { type ActivityChoice, activityChoices, dayOf, longestRange, rangeProblem } from "./period"

/** The period of the activities tab: today, 7 or 30 days, or a range of days. */
export const PeriodChoice = ({
  choice,
  onQuick,
  onCustom,
  zone,
  busy,
}: {
  choice: ActivityChoice
  onQuick: (choice: (typeof activityChoices)[number]) => void
  onCustom: (first: string, last: string) => void
  zone: string
  busy: boolean
}) => {
  const { LL } = useI18nContext()
  const t = LL.activities
  return (
    <PeriodPicker
      choices={activityChoices}
      choice={choice}
      today={dayOf(Date.now(), zone)}
      texts={{
        period: t.period(),
        custom: t.custom(),
        from: t.from(),
        to: t.to(),
        show: t.show(),
        choice: (c) => t[c](),
        problem: (p) => (p === "tooLong" ? t.tooLong({ max: longestRange }) : t[p]()),
      }}
      rangeProblem={rangeProblem}
      onQuick={onQuick}
      onCustom={onCustom}
      busy={busy}
    />
  )
}

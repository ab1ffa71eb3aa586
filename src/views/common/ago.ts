import type { DateTime } from "effect"
import type { TranslationFunctions } from "../../i18n/i18n-types"

/** "il y a 3 h": how long ago, in whole minutes, hours or days. */
export const ago = (LL: TranslationFunctions, date: DateTime.Utc, now: number): string => {
  const minutes = Math.floor((now - date.epochMillis) / 60_000)
  if (minutes < 1) return LL.counters.ago.justNow()
  if (minutes < 60) return LL.counters.ago.minutes({ n: minutes })
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return LL.counters.ago.hours({ n: hours })
  return LL.counters.ago.days({ n: Math.floor(hours / 24) })
}

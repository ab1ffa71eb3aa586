import { Badge } from "@mantine/core"
import { DateTime } from "effect"
import { useCallback } from "react"
import { useI18nContext } from "../../i18n/i18n-react"

/** A date as the person's language writes it (20 nov. 2026). */
export const useFormatDate = () => {
  const { locale } = useI18nContext()
  return useCallback(
    (date: DateTime.DateTime) =>
      new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(DateTime.toDate(date)),
    [locale],
  )
}

/** The one hint for a missing right, shared with the structure screens. */
export { RightHint } from "../common/RightHint"

/** The role a person holds or is offered, as a label. */
export const RoleBadge = ({ role }: { role: "employee" | "partner" | "member" | "client" }) => {
  const { LL } = useI18nContext()
  return (
    <Badge variant="light" color="secondary" tt="none" size="lg" style={{ flexShrink: 0 }}>
      {LL.clusters.roles[role]()}
    </Badge>
  )
}

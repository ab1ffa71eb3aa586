import { Badge, Text } from "@mantine/core"
import { DateTime } from "effect"
import { useCallback } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { Right } from "../../schema/rights"

/** A date as the person's language writes it (20 nov. 2026). */
export const useFormatDate = () => {
  const { locale } = useI18nContext()
  return useCallback(
    (date: DateTime.DateTime) =>
      new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(DateTime.toDate(date)),
    [locale],
  )
}

/** Under a disabled control: which right the person lacks (controls are disabled, never hidden). */
export const RightHint = ({ id, right }: { id: string; right: Right }) => {
  const { LL } = useI18nContext()
  return (
    <Text id={id} size="sm" c="dimmed">
      {LL.membership.rightNeeded({ right: LL.clusters.rights[right]() })}
    </Text>
  )
}

/** The role a person holds or is offered, as a label. */
export const RoleBadge = ({ role }: { role: "employee" | "partner" | "member" | "client" }) => {
  const { LL } = useI18nContext()
  return (
    <Badge variant="light" color="secondary" tt="none" size="lg" style={{ flexShrink: 0 }}>
      {LL.clusters.roles[role]()}
    </Badge>
  )
}

import { Text } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import type { Right } from "../../schema/rights"

/** Under a disabled control: which right the person lacks (controls are disabled, never hidden). */
export const RightHint = ({ right, id }: { right: Right; id?: string }) => {
  const { LL } = useI18nContext()
  return (
    <Text id={id} size="sm" c="orange.9" role="note">
      {LL.clusters.missingRight({ right: LL.clusters.rights[right]() })}
    </Text>
  )
}

/** The caller's rights in a structure as a lookup. */
export const holds = (myRights: ReadonlyArray<Right>, right: Right): boolean => myRights.includes(right)

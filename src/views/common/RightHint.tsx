import { Text } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import type { Right } from "../../schema/rights"

/**
 * Under a disabled control: which right the person lacks (controls are disabled, never hidden).
 * The one wording for a missing right, on every screen: "Droit requis : {right}".
 */
export const RightHint = ({ right, id }: { right: Right; id?: string }) => {
  const { LL } = useI18nContext()
  return (
    <Text
      id={id}
      size="sm"
      fw={600}
      role="note"
      pl="xs"
      style={{ borderLeft: "3px solid var(--mantine-color-orange-6)" }}
    >
      {LL.membership.rightNeeded({ right: LL.clusters.rights[right]() })}
    </Text>
  )
}

/** The caller's rights in a structure as a lookup. */
export const holds = (myRights: ReadonlyArray<Right>, right: Right): boolean => myRights.includes(right)

/** A switch that is on stays visibly on when disabled (Mantine greys both states alike). */
export const onWhenDisabled = (on: boolean, disabled: boolean) =>
  on && disabled
    ? {
        track: {
          backgroundColor: "var(--mantine-color-primary-2)",
          borderColor: "var(--mantine-color-primary-3)",
        },
      }
    : undefined

export { wrapping } from "./wrapping"

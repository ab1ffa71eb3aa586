import { Fieldset, SimpleGrid, Stack, Switch, Text } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import { type Right, rightGroups } from "../../schema/rights"
import { onWhenDisabled } from "../common/RightHint"

/**
 * The 19 rights as switches, grouped as the rights screen shows them. No escalation either way: a
 * right the person does not hold themself can be neither given nor taken away, so its switch is
 * disabled, on or off, with "Droit requis : …" under it.
 */
export const RightSwitches = ({
  value,
  onChange,
  myRights,
  disabled,
  idPrefix,
}: {
  value: ReadonlyArray<Right>
  onChange: (rights: ReadonlyArray<Right>) => void
  myRights: ReadonlyArray<Right>
  disabled: boolean
  idPrefix: string
}) => {
  const { LL } = useI18nContext()
  const toggle = (right: Right, on: boolean) =>
    onChange(on ? [...value.filter((r) => r !== right), right] : value.filter((r) => r !== right))
  const someNotHeld = Object.values(rightGroups).some((rights) => rights.some((r) => !myRights.includes(r)))
  return (
    <Stack gap="sm">
      {someNotHeld && !disabled ? <Text size="sm">{LL.clusters.rightsScreen.notHeld()}</Text> : null}
      {(Object.keys(rightGroups) as Array<keyof typeof rightGroups>).map((group) => (
        <Fieldset key={group} legend={LL.clusters.rightsScreen.groups[group]()} radius="md" p="sm">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" verticalSpacing="sm">
            {rightGroups[group].map((right) => {
              const on = value.includes(right)
              const notHeld = !myRights.includes(right)
              const label = LL.clusters.rights[right]()
              return (
                <Switch
                  key={right}
                  id={`${idPrefix}-${right}`}
                  size="md"
                  label={label}
                  description={notHeld && !disabled ? LL.membership.rightNeeded({ right: label }) : undefined}
                  checked={on}
                  disabled={disabled || notHeld}
                  styles={{
                    ...onWhenDisabled(on, disabled || notHeld),
                    description: { color: "var(--mantine-color-text)" },
                  }}
                  onChange={(e) => toggle(right, e.currentTarget.checked)}
                />
              )
            })}
          </SimpleGrid>
        </Fieldset>
      ))}
    </Stack>
  )
}

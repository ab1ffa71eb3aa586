import { Fieldset, SimpleGrid, Stack, Switch } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import { type Right, rightGroups } from "../../schema/rights"
import { onWhenDisabled } from "./RightHint"

/**
 * The 19 rights as switches, grouped as the rights screen shows them. A right the person does not
 * hold themself cannot be switched on (no escalation): its switch is disabled with the hint;
 * switching it off stays possible.
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
  return (
    <Stack gap="sm">
      {(Object.keys(rightGroups) as Array<keyof typeof rightGroups>).map((group) => (
        <Fieldset key={group} legend={LL.clusters.rightsScreen.groups[group]()} radius="md" p="sm">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" verticalSpacing="sm">
            {rightGroups[group].map((right) => {
              const on = value.includes(right)
              const notHeld = !on && !myRights.includes(right)
              return (
                <Switch
                  key={right}
                  id={`${idPrefix}-${right}`}
                  size="md"
                  label={LL.clusters.rights[right]()}
                  description={notHeld && !disabled ? LL.clusters.rightsScreen.notHeld() : undefined}
                  checked={on}
                  disabled={disabled || notHeld}
                  styles={onWhenDisabled(on, disabled || notHeld)}
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

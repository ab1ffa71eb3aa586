import { Button, Modal } from "@mantine/core"
import { useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { PlanningContext } from "../../machines/booking/planning"
import { type FilterChoice, PlanningFilters } from "./PlanningFilters"

/**
 * On a phone, the filters behind one button ("Filtres (2)" when some are on), in a sheet from the
 * bottom of the screen (a Modal: its styles are loaded already).
 */
export const FilterSheet = ({
  context: c,
  onChange,
}: {
  context: PlanningContext
  onChange: (choice: FilterChoice) => void
}) => {
  const { LL } = useI18nContext()
  const [opened, setOpened] = useState(false)
  const count = c.machines.length + c.employees.length + (c.all ? 1 : 0)
  return (
    <>
      <Button variant="light" size="md" onClick={() => setOpened(true)} disabled={c.clusters === null}>
        {count > 0 ? LL.planning.filters.active({ count }) : LL.planning.filters.open()}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        closeButtonProps={{ "aria-label": LL.app.closeDialog() }}
        title={LL.planning.filters.open()}
        transitionProps={{ transition: "slide-up" }}
        styles={{ inner: { alignItems: "flex-end", padding: 0 } }}
        size="100%"
        radius="md"
      >
        <PlanningFilters
          stacked
          clusters={c.clusters ?? []}
          cluster={c.cluster}
          machineList={c.machineList}
          members={c.members}
          machines={c.machines}
          employees={c.employees}
          all={c.all}
          onChange={onChange}
        />
      </Modal>
    </>
  )
}

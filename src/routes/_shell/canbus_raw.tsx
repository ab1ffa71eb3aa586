import { createFileRoute, useNavigate } from "@tanstack/react-router"
import { searchParams, text } from "../../views/common/searchParams"
import { CanbusRawPage } from "../../views/telemetry/ExpertPage"

/** `?machine=…`: the machine picked (the dashboard's "Lecture des valeurs CAN" leads here). */
const CanbusRawSearch = searchParams({ machine: text })

export const Route = createFileRoute("/_shell/canbus_raw")({
  staticData: { namespaces: ["screens", "telemetry", "dateTime", "dashboard", "membership", "clusters"] },
  validateSearch: CanbusRawSearch,
  component: CanbusRawRoute,
})

function CanbusRawRoute() {
  const { machine } = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  return (
    <CanbusRawPage
      picked={machine}
      onPick={(id) => {
        if ((id ?? undefined) !== machine)
          void navigate({ search: { machine: id ?? undefined }, replace: true })
      }}
    />
  )
}

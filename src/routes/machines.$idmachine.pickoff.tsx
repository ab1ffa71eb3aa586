import { createFileRoute } from "@tanstack/react-router"
import type { MachineId } from "../schema/ids"
import { PickoffPage } from "../views/counters/PickoffPage"

/** Public: the sticker on a machine opens it, signed in or not. */
export const Route = createFileRoute("/machines/$idmachine/pickoff")({
  staticData: { namespaces: ["clusters", "membership", "counters"] },
  component: () => {
    const { idmachine } = Route.useParams()
    return <PickoffPage key={idmachine} id={idmachine as MachineId} />
  },
})

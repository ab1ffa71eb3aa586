import { createFileRoute } from "@tanstack/react-router"
import { GeolocPage } from "../../views/geoloc/GeolocPage"

export const Route = createFileRoute("/_shell/GeolocShortcut")({
  staticData: { namespaces: ["screens", "geoloc", "fields"] },
  component: () => <GeolocPage />,
})

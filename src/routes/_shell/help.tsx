import { createFileRoute } from "@tanstack/react-router"
import { HelpPage } from "../../views/help/HelpPage"

/** The user guide (the account menu's "Aide"). */
export const Route = createFileRoute("/_shell/help")({
  staticData: { namespaces: ["guide", "homePage"] },
  component: HelpPage,
})

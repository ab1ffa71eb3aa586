import { screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { activityEditMachine } from "../../../machines/activities/activityEdit"
import { machineActivitiesMachine } from "../../../machines/activities/machineActivities"
import { anActivity } from "../../../machines/activities/samples"
import { type Cluster, UserSummary } from "../../../schema"
import { UserAccess } from "../../../schema/machine"
import type { Grant, Right } from "../../../schema/rights"
import { withActors } from "../../../testing/actors"
import { aMachine } from "../../../testing/machines"
import { aUser, renderScreen, settledSession } from "../../../testing/render"
import { aCluster } from "../../../testing/renderCluster"
import { MyClustersContext } from "../../common/clusterContexts"
import { MachinePageContext } from "../MachinePage"
import { MachineActivitiesTab } from "./MachineActivitiesTab"

const me = aUser()
const listed = anActivity(1, "2026-11-19T07:30:00.000Z", 3)

/** The tab of the sample machine for a person with `rights` in its structure and `grants` on it. */
const open = async (rights: ReadonlyArray<Right>, grants: ReadonlyArray<Grant>) => {
  const { session } = await settledSession(me)
  const clusters: ReadonlyArray<Cluster> = [aCluster(rights)]
  const { id, email, firstname, lastname, name } = me
  const access = [new UserAccess({ user: new UserSummary({ id, email, firstname, lastname, name }), grants })]
  await renderScreen(
    <MyClustersContext.Provider value={{ clusters, refresh: () => {} }}>
      <MachinePageContext.Provider value={{ machine: aMachine(), access }}>
        <MachineActivitiesTab
          chart={withActors(machineActivitiesMachine, { loadActivities: async () => [listed] })}
          editChart={withActors(activityEditMachine)}
          zone="Europe/Paris"
        />
      </MachinePageContext.Provider>
    </MyClustersContext.Provider>,
    { session },
  )
  return screen.findByRole("article", { name: "08:30 – 11:30" })
}

describe("who may change an activity on the machine's tab", () => {
  it("a member who only sees machines has no change control", async () => {
    const card = await open(["seeMachines"], ["booking"])
    expect(within(card).queryByRole("button", { name: /^Modifier/ })).toBeNull()
  })

  it("the activity modification grant on the machine gives it", async () => {
    const card = await open(["seeMachines"], ["activityModification"])
    expect(within(card).getByRole("button", { name: "Modifier 08:30 – 11:30" })).toBeTruthy()
  })

  it("'Gérer les machines' in the machine's structure gives it", async () => {
    const card = await open(["seeMachines", "manageMachine"], [])
    expect(within(card).getByRole("button", { name: "Modifier 08:30 – 11:30" })).toBeTruthy()
  })
})

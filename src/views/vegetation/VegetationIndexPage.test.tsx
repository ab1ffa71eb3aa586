import { screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { vegetationIndexMachine } from "../../machines/vegetation/vegetationIndex"
import { NotConfigured } from "../../schema/errors"
import { withActors } from "../../testing/actors"
import { renderSignedIn } from "../../testing/render"
import { VegetationIndexPage } from "./VegetationIndexPage"

describe("the vegetation index page", () => {
  it("says plainly what a server without a provider needs, naming the variables it answered", async () => {
    const machine = withActors(vegetationIndexMachine, {
      loadOverview: () =>
        Promise.reject(NotConfigured.of("vegetationNotConfigured", ["NDVI_CLIENT_ID", "NDVI_CLIENT_SECRET"])),
    })
    await renderSignedIn(<VegetationIndexPage machine={machine} year={2025} />)
    await screen.findByText("L'indice de végétation n'est pas configuré sur ce serveur")
    expect(screen.getByText("NDVI_CLIENT_ID")).toBeTruthy()
    expect(screen.getByText("NDVI_CLIENT_SECRET")).toBeTruthy()
    expect(screen.getByText("puis redémarrer le serveur.")).toBeTruthy()
    expect(screen.queryByRole("combobox", { name: "Zone de travail" })).toBeNull()
  })

  it("says when there is no field to follow yet", async () => {
    const machine = withActors(vegetationIndexMachine, {
      loadOverview: async () => ({
        index: {
          version: "0",
          structures: [],
          owners: [],
          bounds: null,
          fields: { id: [], name: [], areaHa: [], owner: [], crop: [], bbox: [] },
        },
        latest: [],
      }),
    })
    await renderSignedIn(<VegetationIndexPage machine={machine} year={2025} />)
    await screen.findByText(/^Aucune zone de travail pour l'instant : importez vos parcelles/)
  })
})

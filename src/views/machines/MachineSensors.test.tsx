import { fireEvent, screen, within } from "@testing-library/react"
import { DateTime } from "effect"
import { describe, expect, it } from "vitest"
import { fromPromise } from "xstate"
import type { SensorsRead } from "../../machines/telemetry/sensors.actors"
import { Forbidden } from "../../schema/errors"
import { CounterId, type MachineId } from "../../schema/ids"
import { DeviceInformation } from "../../schema/telemetryReads"
import { machineId } from "../../testing/machines"
import { renderSignedIn } from "../../testing/render"
import { MachineSensors } from "./MachineSensors"

const at = (iso: string) => DateTime.unsafeMake(iso)
/** An instant as the page shows it to the person: their language, their time zone. */
const local = (iso: string) =>
  new Intl.DateTimeFormat("fr", { dateStyle: "medium", timeStyle: "short" }).format(Date.parse(iso))

const aDevice = (fields: Partial<ConstructorParameters<typeof DeviceInformation>[0]> = {}) =>
  new DeviceInformation({
    counter: CounterId.make("SIL-0042"),
    kind: "box",
    firmware: "2.4.1",
    battery: 64,
    lastCommunication: at("2026-11-20T09:59:00Z"),
    fixes: 1234,
    lastPosition: { at: at("2026-11-20T09:58:00Z"), lng: 1.234567, lat: 48.301234 },
    current: true,
    sensors: { vibration: null, can: {}, canSeen: [], tags: [] },
    ...fields,
  })

/** The card, its boxes read by `answer` (a failure is what the call rejected with). */
const show = (answer: () => Promise<ReadonlyArray<DeviceInformation>>) =>
  renderSignedIn(
    <MachineSensors
      machineId={machineId}
      load={fromPromise<SensorsRead, MachineId>(() =>
        answer().then(
          (devices) => ({ devices }),
          (error: unknown) => ({ error }),
        ),
      )}
    />,
  )

const card = () => screen.findByRole("region", { name: "Capteurs et balises" })
/** The value beside a term of the card. */
const value = (region: HTMLElement, term: string) =>
  within(region).getByText(term, { selector: "dt" }).nextElementSibling?.textContent

describe("a machine's sensors and tags", () => {
  it("a box with CAN, vibration and tags: where it was last and when, its level, each CAN value, each tag heard", async () => {
    await show(async () => [
      aDevice({
        sensors: {
          vibration: "high",
          can: { engineSpeed: 1800.5, fuelRate: 12 },
          canSeen: ["engineSpeed", "fuelRate", "ptoSpeed"],
          tags: [
            { id: "DRV-1", rssi: -70, at: at("2026-11-20T09:57:00Z") },
            { id: "TOOL-9", rssi: null, at: at("2026-11-19T16:00:00Z") },
          ],
        },
      }),
      // A box taken off the machine earlier: not what the machine reports now.
      aDevice({ counter: CounterId.make("SIL-0007"), current: false }),
    ])
    const region = await card()
    await within(region).findByText("Boîtier SIL-0042")
    expect(within(region).queryByText("Boîtier SIL-0007")).toBeNull()
    const box = within(region).getByRole("region", { name: "Boîtier SIL-0042" })
    expect(value(box, "Dernière position")).toBe(`48.301234, 1.234567le ${local("2026-11-20T09:58:00Z")}`)
    expect(value(box, "Dernière communication")).toBe(local("2026-11-20T09:59:00Z"))
    expect(value(box, "Vibration (dernière)")).toBe("Forte")
    const can = within(box).getByText("Valeurs CAN vues (30 jours) et dernière valeur", { selector: "dt" })
      .nextElementSibling as HTMLElement
    expect([...can.querySelectorAll("span")].map((line) => line.textContent?.replace(/\s/g, " "))).toEqual([
      "engineSpeed : 1 800,5",
      "fuelRate : 12",
      "ptoSpeed : pas de valeur récente",
    ])
    const tags = within(box).getByText("Balises entendues (30 jours)", { selector: "dt" })
      .nextElementSibling as HTMLElement
    expect([...tags.querySelectorAll("span")].map((line) => line.textContent)).toEqual([
      `DRV-1 · -70 dBm · ${local("2026-11-20T09:57:00Z")}`,
      `TOOL-9 · ${local("2026-11-19T16:00:00Z")}`,
    ])
    // Local times like the rest of the page, never the expert screen's UTC text.
    expect(region.textContent).not.toMatch(/UTC|2026-11-20/)
  })

  it("a phone: no vibration nor CAN rows, one line says a phone sends neither; no tag heard reads 'aucune'", async () => {
    await show(async () => [aDevice({ counter: CounterId.make("PHONE-3"), kind: "phone" })])
    const region = await card()
    const phone = await within(region).findByRole("region", { name: "Téléphone PHONE-3" })
    expect(value(phone, "Dernière position")).toContain("48.301234, 1.234567")
    expect(within(phone).queryByText("Vibration (dernière)")).toBeNull()
    expect(within(phone).queryByText(/Valeurs CAN/)).toBeNull()
    expect(value(phone, "Balises entendues (30 jours)")).toBe("aucune")
    expect(within(phone).getByText("Un téléphone ne transmet ni vibration ni valeurs CAN.")).toBeTruthy()
  })

  it("a box without vibration nor CAN in its fixes reads 'non transmise' and 'aucune'", async () => {
    await show(async () => [aDevice()])
    const box = await screen.findByRole("region", { name: "Boîtier SIL-0042" })
    expect(value(box, "Vibration (dernière)")).toBe("non transmise")
    expect(value(box, "Valeurs CAN vues (30 jours) et dernière valeur")).toBe("aucune")
  })

  it("no box on the machine, or only boxes taken off it: one sentence, no empty card", async () => {
    await show(async () => [aDevice({ current: false })])
    const region = await card()
    expect(
      await within(region).findByText(
        "Aucun boîtier n'est posé sur cette machine : rien n'est reçu de ses capteurs.",
      ),
    ).toBeTruthy()
    expect(within(region).queryByText("Dernière position")).toBeNull()
  })

  it("a box that never sent says so in one sentence", async () => {
    await show(async () => [aDevice({ lastCommunication: null, lastPosition: null, fixes: 0 })])
    const region = await card()
    expect(await within(region).findByText("Le boîtier SIL-0042 n'a encore rien envoyé.")).toBeTruthy()
    expect(within(region).queryByText("Dernière position")).toBeNull()
  })

  it("refused by the server: one short sentence, no error alert", async () => {
    await show(async () => {
      throw Forbidden.of()
    })
    const region = await card()
    expect(
      await within(region).findByText(
        "Vous n'avez pas le droit de voir ce que les boîtiers de cette machine envoient.",
      ),
    ).toBeTruthy()
    expect(screen.queryByRole("alert")).toBeNull()
    expect(within(region).queryByRole("button")).toBeNull()
  })

  it("unreachable: it says so and reads again on Réessayer", async () => {
    let calls = 0
    await show(async () => {
      calls += 1
      if (calls === 1) throw new Error("network down")
      return [aDevice({ sensors: { vibration: "low", can: {}, canSeen: [], tags: [] } })]
    })
    const region = await card()
    await within(region).findByText("Ce que les boîtiers de cette machine envoient n'a pas pu être chargé.")
    fireEvent.click(within(region).getByRole("button", { name: "Réessayer" }))
    const box = await within(region).findByRole("region", { name: "Boîtier SIL-0042" })
    expect(value(box, "Vibration (dernière)")).toBe("Faible")
    expect(calls).toBe(2)
  })
})

import { screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import type { Locales } from "../../i18n/locale"
import { emptyValues } from "../../machines/booking/bookingForm.values"
import { formData, prés } from "../../testing/booking"
import { aUser, renderScreen, settledSession } from "../../testing/render"
import { BookingForm } from "./BookingForm"

const render = async (locale: Locales) => {
  const { session } = await settledSession(aUser())
  await renderScreen(
    <BookingForm
      data={formData}
      cluster={prés.id}
      members={[]}
      fields={[]}
      initial={emptyValues}
      me={null}
      errors={{}}
      error={null}
      unavailable={[]}
      busy={false}
      editing={false}
      onPickCluster={() => {}}
      onSubmit={() => {}}
    />,
    { session, locale },
  )
}
const options = (label: string) =>
  [...(screen.getByLabelText(label, { exact: false }) as HTMLSelectElement).options].map((o) => o.text)

describe("the booking form's product types", () => {
  it("are named in the page's language (English here)", async () => {
    await render("en")
    expect(options("Product")).toEqual(["Not said", "Slurry", "Cereal seed"])
  })

  it("in Polish, a catalogue entry without a Polish name falls back to its French default", async () => {
    await render("pl")
    expect(options("Produkt")).toEqual(["Nie określono", "Lisier", "Semences de céréales"])
  })
})

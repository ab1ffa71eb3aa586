import { fireEvent, screen } from "@testing-library/react"
import { useState } from "react"
import { describe, expect, it } from "vitest"
import { renderWith, tractor } from "../../testing/counters"
import { typeDateTime } from "../../testing/dateTime"
import { WizardStepTwo } from "./WizardStepTwo"

/** Step 2 holding its dates as the wizard does; `submits` counts the submissions it lets through. */
const Step = ({ submits }: { submits: Array<{ start: string; end: string }> }) => {
  const [start, setStart] = useState("2026-06-02T08:00")
  const [end, setEnd] = useState("")
  return (
    <WizardStepTwo
      counter="BOX-001"
      clusterName="CUMA des Prés"
      none={{ value: "", label: "—" }}
      machines={[tractor]}
      machineId={tractor.id}
      setMachineId={() => {}}
      start={start}
      setStart={setStart}
      end={end}
      setEnd={setEnd}
      errors={{}}
      busy={false}
      onBack={() => {}}
      onSubmit={() => submits.push({ start, end })}
    />
  )
}

const submit = () => fireEvent.click(screen.getByRole("button", { name: "Associer" }))

describe("the wizard's step 2 dates", () => {
  it("keeps the times typed; an end typed without its day is not sent as no end", async () => {
    const submits: Array<{ start: string; end: string }> = []
    await renderWith(<Step submits={submits} />, ["editCounters"])
    fireEvent.change(screen.getByLabelText("Date de début : heure"), { target: { value: "1430" } })
    fireEvent.change(screen.getByLabelText("Date de fin (facultative) : heure"), {
      target: { value: "9:30" },
    })
    submit()
    expect(screen.getByText("Indiquez aussi le jour")).toBeTruthy()
    expect(submits).toEqual([])
    typeDateTime("Date de fin (facultative)", "2026-06-09T09:30")
    submit()
    expect(submits).toEqual([{ start: "2026-06-02T14:30", end: "2026-06-09T09:30" }])
  })
})

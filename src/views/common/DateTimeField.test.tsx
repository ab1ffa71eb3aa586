import { cleanup, fireEvent, render, screen } from "@testing-library/react"
import { useState } from "react"
import { describe, expect, it } from "vitest"
import { shownDate, shownDateTime, typeDate } from "../../testing/dateTime"
import { AppProviders } from "../app/AppProviders"
import { DateField, DateTimeField } from "./DateTimeField"

type Said = { value: number | null; partial: boolean }

/** The field as a form holds it, with a way to set it from outside; `said` records what it told. */
const Form = ({ initial, required, said }: { initial: number | null; required: boolean; said: Said[] }) => {
  const [value, setValue] = useState(initial)
  return (
    <>
      <DateTimeField
        label="Début"
        value={value}
        required={required}
        onChange={(v, partial) => {
          said.push({ value: v, partial })
          setValue(v)
        }}
      />
      <button type="button" onClick={() => setValue(new Date(2026, 0, 5, 7, 45).getTime())}>
        Remettre
      </button>
    </>
  )
}

const open = (initial: number | null = null, required = true) => {
  const said: Said[] = []
  render(
    <AppProviders locale="fr">
      <Form initial={initial} required={required} said={said} />
    </AppProviders>,
  )
  return { last: () => said.at(-1) }
}

const day = () => screen.getByLabelText("Début : jour")
const time = () => screen.getByLabelText("Début : heure")
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } })
const at = (h: number, m: number) => new Date(2026, 10, 15, h, m).getTime()

describe("the date-time field", () => {
  it("reads the time as typed after the day, with or without separators, and shows it as hh:mm", () => {
    for (const [typed, h, m] of [
      ["1430", 14, 30],
      ["14:30", 14, 30],
      ["0930", 9, 30],
      ["9:30", 9, 30],
      ["930", 9, 30],
      ["14h30", 14, 30],
    ] as const) {
      const { last } = open()
      type(day(), "15/11/2026")
      expect(last()).toEqual({ value: null, partial: true })
      type(time(), typed)
      expect(last()).toEqual({ value: at(h, m), partial: false })
      fireEvent.blur(time())
      expect(shownDateTime("Début")).toEqual({
        day: "15/11/2026",
        time: `${String(h).padStart(2, "0")}:${m}`,
      })
      cleanup()
    }
  })

  it("reads the time typed before the day, and the day typed without separators", () => {
    const { last } = open()
    type(time(), "1430")
    expect(last()).toEqual({ value: null, partial: true })
    type(day(), "15112026")
    expect(last()).toEqual({ value: at(14, 30), partial: false })
  })

  it("invents no time: a day alone says the time is missing, and is not an instant", () => {
    const { last } = open()
    type(day(), "15/11/2026")
    fireEvent.blur(day())
    expect(last()).toEqual({ value: null, partial: true })
    expect(screen.getByText("Indiquez aussi l'heure, par exemple 14:30")).toBeTruthy()
    expect(time().getAttribute("aria-invalid")).toBe("true")
    expect((time() as HTMLInputElement).value).toBe("")
  })

  it("says a time it cannot read, and gives no instant for it", () => {
    const { last } = open()
    type(day(), "15/11/2026")
    type(time(), "2530")
    expect(last()).toEqual({ value: null, partial: true })
    expect(screen.getByText("Heure non reconnue : tapez par exemple 14:30 ou 1430")).toBeTruthy()
    type(time(), "2330")
    expect(screen.queryByText(/Heure non reconnue/)).toBeNull()
    expect(last()).toEqual({ value: at(23, 30), partial: false })
  })

  it("shows the instant it is given, and another one given later", () => {
    open(at(8, 5))
    expect(shownDateTime("Début")).toEqual({ day: "15/11/2026", time: "08:05" })
    fireEvent.click(screen.getByRole("button", { name: "Remettre" }))
    expect(shownDateTime("Début")).toEqual({ day: "05/01/2026", time: "07:45" })
  })

  it("emptied entirely, it is empty, not partial", () => {
    const { last } = open(at(8, 5), false)
    type(day(), "")
    type(time(), "")
    expect(last()).toEqual({ value: null, partial: false })
    expect(screen.queryByText(/Indiquez aussi/)).toBeNull()
  })
})

/** The day-only field as a form holds it ("YYYY-MM-DD", "" for none); `said` records what it told. */
const DayForm = ({ initial, said }: { initial: string; said: string[] }) => {
  const [value, setValue] = useState(initial)
  return (
    <>
      <DateField
        label="Mise en service"
        value={value}
        onChange={(v) => {
          said.push(v)
          setValue(v)
        }}
      />
      <button type="button" onClick={() => setValue("2026-01-05")}>
        Remettre
      </button>
    </>
  )
}

const openDay = (initial = "") => {
  const said: string[] = []
  render(
    <AppProviders locale="fr">
      <DayForm initial={initial} said={said} />
    </AppProviders>,
  )
  return { last: () => said.at(-1), said }
}

describe("the day-only field", () => {
  it("reads the day typed with or without separators, or in ISO, and shows it day first", () => {
    for (const typed of ["15/11/2026", "15.11.2026", "15-11-2026", "15112026", "15/11/26", "2026-11-15"]) {
      const { last } = openDay()
      typeDate("Mise en service", typed)
      expect(last()).toBe("2026-11-15")
      expect(shownDate("Mise en service")).toBe("15/11/2026")
      cleanup()
    }
  })

  it("never swaps day and month: 03/11/2026 is the 3rd of November", () => {
    const { last } = openDay()
    typeDate("Mise en service", "03/11/2026")
    expect(last()).toBe("2026-11-03")
    expect(shownDate("Mise en service")).toBe("03/11/2026")
  })

  it("shows the day it is given, and another one given later", () => {
    openDay("2021-03-15")
    expect(shownDate("Mise en service")).toBe("15/03/2021")
    fireEvent.click(screen.getByRole("button", { name: "Remettre" }))
    expect(shownDate("Mise en service")).toBe("05/01/2026")
  })

  it("says a day it cannot read and keeps the one it had, and empties when emptied", () => {
    const { last, said } = openDay("2021-03-15")
    typeDate("Mise en service", "31/02/2026")
    expect(said).toEqual([])
    expect(shownDate("Mise en service")).toBe("15/03/2021")
    expect(screen.getByText("Jour non reconnu : tapez par exemple 15/11/2026 ou 15112026")).toBeTruthy()
    typeDate("Mise en service", "01/03/2026")
    expect(last()).toBe("2026-03-01")
    expect(screen.queryByText(/Jour non reconnu/)).toBeNull()
    typeDate("Mise en service", "")
    expect(last()).toBe("")
    expect(shownDate("Mise en service")).toBe("")
  })

  it("picks the day in the calendar", async () => {
    const { last } = openDay("2026-11-15")
    fireEvent.focus(screen.getByLabelText("Mise en service"))
    fireEvent.click(await screen.findByRole("button", { name: /^20 \S+ 2026$/ }))
    expect(last()).toBe("2026-11-20")
    expect(shownDate("Mise en service")).toBe("20/11/2026")
  })
})

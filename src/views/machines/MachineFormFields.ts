import type { ChangeEvent } from "react"
import type { MachineFormValues } from "../../machines/fleet/machineForm"

/** What a number field gets: the typed text, its error (a decimal comma included), the text keyboard. */
export type NumberProps = {
  value: string
  inputMode: "text"
  size: "md"
  disabled: boolean
  error: string | undefined
  onChange: (e: ChangeEvent<HTMLInputElement>) => void
}

/** What every section of the machine form gets from the form that holds the values. */
export type SectionProps = {
  values: MachineFormValues
  set: (patch: Partial<MachineFormValues>) => void
  /** True when the person may not edit the machine: the whole section is greyed. */
  disabled: boolean
  errorAt: (path: string, typed?: string) => string | undefined
  numberProps: (typed: string, path: string, onChange: (text: string) => void) => NumberProps
}

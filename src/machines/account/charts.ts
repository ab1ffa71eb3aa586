import { BadRequest, Me } from "../../schema"
import type { Chart } from "../lib/paths"
import { completeMe, done, failed, networkDown, throttled } from "../lib/samples"
import { emailConfirmationMachine } from "./emailConfirmation"
import { emailConfirmationSpec } from "./emailConfirmation.paths"
import { logoutEverywhereMachine } from "./logoutEverywhere"
import { logoutEverywhereSpec } from "./logoutEverywhere.paths"

const wrongCode = new BadRequest({
  code: "invalidConfirmationCode",
  message: "Ce code de confirmation est invalide ou a expiré",
})

/** The signed-in person's own account on /me: proving the address, ending every session. */
export const meCharts: ReadonlyArray<Chart> = [
  {
    name: "emailConfirmation",
    spec: emailConfirmationSpec,
    machine: emailConfirmationMachine,
    input: { email: completeMe.email },
    events: [
      { type: "emailConfirmation.submit", code: " xk4pq7mnrt " },
      { type: "emailConfirmation.submit", code: " " },
      { type: "emailConfirmation.resend" },
      done("confirmEmail", Me.make({ ...completeMe, emailConfirmed: true })),
      failed("confirmEmail", wrongCode),
      done("askEmailConfirmation"),
      failed("askEmailConfirmation", throttled),
    ],
  },
  {
    name: "logoutEverywhere",
    spec: logoutEverywhereSpec,
    machine: logoutEverywhereMachine,
    events: [
      { type: "logoutEverywhere.ask" },
      { type: "logoutEverywhere.cancel" },
      { type: "logoutEverywhere.confirm" },
      done("endAllSessions"),
      failed("endAllSessions", networkDown),
    ],
  },
]

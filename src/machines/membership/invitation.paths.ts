import type { AnyEventObject } from "xstate"
import {
  active,
  busy,
  calling,
  check,
  codeOf,
  context,
  doneOf,
  errorOf,
  notBusy,
  type Spec,
} from "../lib/paths"
import { showsRefusalOf } from "../lib/paths.fields"

/**
 * A lifecycle answered once (SPEC §4): from the open state each move calls the server; the
 * server's answer decides the end state; `closed` when the server says another answer came
 * first (the 409 code), otherwise back to the open state with the refusal shown.
 */
export const lifecycleSpec = ({
  subject,
  open,
  moves,
  closedCode,
}: {
  /** The context key holding the object (invitation, request). */
  subject: string
  open: string
  /** event → [state while calling, actor, end state (also the status the server answers)] */
  moves: ReadonlyArray<readonly [string, string, string, string]>
  closedCode: string
}): Spec => {
  const isClosed = (e: AnyEventObject) => codeOf(e.error) === closedCode
  const statusIs = (status: string) =>
    check(
      `holds the server's answer, ${status}`,
      (s) => (context(s)[subject] as { status: string }).status === status,
    )
  const finished = check("is done", (s) => s.snapshot.status === "done")
  const inputId = (s: Parameters<typeof context>[0]) => (context(s)[subject] as { id: string }).id
  return {
    states: {
      [open]: [notBusy, active, statusIs(open)],
      ...Object.fromEntries(
        moves.map(([, calling_, actor]) => [
          calling_,
          [
            busy,
            active,
            calling(actor, (s) => context(s)[subject]),
            check("keeps the object's id", (s) => inputId(s) !== ""),
          ],
        ]),
      ),
      ...Object.fromEntries(moves.map(([, , , end]) => [end, [notBusy, finished, statusIs(end)]])),
      closed: [notBusy, finished, check(`shows ${closedCode}`, (s) => context(s).error === closedCode)],
    },
    moves: moves.flatMap(([event, calling_, actor, end]) => [
      {
        from: open,
        on: event,
        to: calling_,
        after: [check("shows no error", (s) => context(s).error === null)],
      },
      { from: calling_, on: doneOf(actor), to: end },
      { from: calling_, on: errorOf(actor), given: [closedCode, isClosed] as const, to: "closed" },
      {
        from: calling_,
        on: errorOf(actor),
        given: ["another refusal", (e: AnyEventObject) => !isClosed(e)] as const,
        to: open,
        after: [showsRefusalOf(actor)],
      },
    ]),
  }
}

/** Invitation: sent → accepted | declined | cancelled; `invitationClosed` ends it as closed. */
export const invitationSpec: Spec = lifecycleSpec({
  subject: "invitation",
  open: "sent",
  closedCode: "invitationClosed",
  moves: [
    ["invitation.accept", "accepting", "acceptInvitation", "accepted"],
    ["invitation.decline", "declining", "declineInvitation", "declined"],
    ["invitation.cancel", "cancelling", "cancelInvitation", "cancelled"],
  ],
})

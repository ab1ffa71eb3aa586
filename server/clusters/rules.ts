import { Effect } from "effect"
import { Forbidden } from "../../src/schema/errors"
import type { Right } from "../../src/schema/rights"
import type { MembershipRow } from "./rows"

// SPEC §6 rules on changing rights, as checks that fail with 403 modificationNotAllowed.

const notAllowed = () => Forbidden.of("modificationNotAllowed")

/** Every right someone in `rows` holds. */
const heldRights = (rows: ReadonlyArray<{ readonly rights: ReadonlyArray<Right> }>) =>
  new Set(rows.flatMap((r) => r.rights))

/**
 * No right is ever lost (SPEC §6, R2): every right some member held before the change must still be
 * held by a member after it. A fresh structure's creator holds all 19, so this keeps all 19 held.
 */
export const losesNoRight = (before: ReadonlyArray<MembershipRow>, after: ReadonlyArray<MembershipRow>) => {
  const still = heldRights(after)
  return [...heldRights(before)].every((r) => still.has(r)) ? Effect.void : Effect.fail(notAllowed())
}

/** The rights that differ between two sets (added or removed). */
export const changed = (from: ReadonlyArray<Right>, to: ReadonlyArray<Right>): ReadonlyArray<Right> => [
  ...to.filter((r) => !from.includes(r)),
  ...from.filter((r) => !to.includes(r)),
]

/** No escalation, both ways (R1): the caller may only add or remove rights it holds itself. */
export const onlyOwnRights = (
  caller: { readonly rights: ReadonlyArray<Right> },
  touched: ReadonlyArray<Right>,
) => (touched.every((r) => caller.rights.includes(r)) ? Effect.void : Effect.fail(notAllowed()))

import { Effect } from "effect"
import type { UserRow } from "../auth/users"

/** The demo boxes, their associations to the CUMA's machines, BLE tags, and the demo administrator. */
export const seedBoxes = (_cuma: string, _machines: ReadonlyArray<string>, _demo: UserRow) => Effect.void

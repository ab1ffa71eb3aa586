import { Schema } from "effect"

/**
 * The states a machine is in, as the product speaks of them: one list, used alike by the activity
 * engine (what it labels each fix with), the rollups, the maps' colours and the reports. Order is
 * the order of display (work first).
 *
 * - `fieldWork`: working a field (moving at working speed inside it, the tool engaged).
 * - `turn`: a headland turn between two passes of the same field.
 * - `road`: travelling between the yard and fields, or between fields.
 * - `pause`: stopped with the engine off or no vibration (lunch, refuelling, waiting).
 * - `idle`: stopped with the engine running (vibration or engine speed, no movement).
 */
export const workStates = ["fieldWork", "turn", "road", "pause", "idle"] as const
export const WorkState = Schema.Literal(...workStates)
export type WorkState = typeof WorkState.Type

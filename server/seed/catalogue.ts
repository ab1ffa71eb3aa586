import { Effect } from "effect"

/** The machine catalogue (brands, categories and types in four languages) and the demo machines' details. */
export const seedCatalogue = (_machines: ReadonlyArray<string>) => Effect.void

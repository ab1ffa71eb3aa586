import type { CanConfigInput } from "./canbus"

/**
 * The CAN values Sillon knows (docs/canbus.md): how each reads unless a person set otherwise for a
 * machine. Their labels are the dashboard's `canNames` in src/i18n, their units its `canUnits`;
 * here, what does not depend on the language. Names as boxes send them (J1939 values decoded by
 * the box).
 */
export const canCatalogue = {
  engineSpeed: { scale: 1, offset: 0, chart: true },
  fuelRate: { scale: 1, offset: 0, chart: true },
  fuelLevel: { scale: 1, offset: 0, chart: true },
  engineHours: { scale: 1, offset: 0, chart: false },
  pto: { scale: 1, offset: 0, chart: true },
  coolantTemp: { scale: 1, offset: 0, chart: true },
  engineLoad: { scale: 1, offset: 0, chart: true },
  adBlueLevel: { scale: 1, offset: 0, chart: true },
} as const satisfies Record<string, Pick<CanConfigInput, "scale" | "offset" | "chart">>

export type CatalogueCan = keyof typeof canCatalogue
export const catalogueNames = Object.keys(canCatalogue) as ReadonlyArray<CatalogueCan>
export const isCatalogueCan = (name: string): name is CatalogueCan => Object.hasOwn(canCatalogue, name)

/** A value as shown: raw × scale + offset. */
export const shownValue = (raw: number, config: Pick<CanConfigInput, "scale" | "offset">) =>
  raw * config.scale + config.offset

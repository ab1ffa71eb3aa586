/** The fleet: machines screens. */
export const machines = {}

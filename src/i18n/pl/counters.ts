/** The fleet: counters screens. */
export const counters = {}

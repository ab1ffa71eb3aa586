/** The counters calls the charts invoke (SPEC §7). */
export {}

/** The machines calls the charts invoke (SPEC §7). */
export {}

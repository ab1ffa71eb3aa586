/**
 * The sheets only the planning needs (loaded with its pages, not on every first visit): the
 * multi-selects' pills, the phone's filter drawer, and the calendar itself; and the sliding
 * indicator of the segmented controls (period, reading), which app/styles.ts leaves out: without
 * it the white pill sits 4 px low and each label looks stuck to its top.
 */
import "@mantine/core/styles/FloatingIndicator.css"
import "@mantine/core/styles/Pill.css"
import "@mantine/core/styles/PillsInput.css"
import "@mantine/schedule/styles.css"

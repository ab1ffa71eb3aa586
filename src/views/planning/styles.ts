/**
 * The sheets only the planning needs (loaded with its pages, not on every first visit): the
 * multi-selects' pills, the phone's filter drawer, and the calendar itself.
 */
import "@mantine/core/styles/Pill.css"
import "@mantine/core/styles/PillsInput.css"
import "@mantine/schedule/styles.css"

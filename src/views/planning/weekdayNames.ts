import dayjs from "dayjs"
import { useCallback } from "react"

/** The week grid's day headers, which @mantine/schedule renders as buttons (a click opens the day). */
const dayHeaders = ".mantine-WeekView-weekViewDayLabel"
const isoAtEnd = /\d{4}-\d{2}-\d{2}$/

/**
 * What a week grid's day header shows (`weekdayFormat` of the week view): "lundi 23". The weekday
 * and the number are two blocks with nothing between them, so their text reads "lundi23" to a
 * machine: the trailing space (not drawn) keeps two words.
 */
export const weekdayFormat = "dddd "

/**
 * A ref for the element around the calendar that names each day header by the date it shows:
 * the calendar names them "Jour de la semaine 2026-11-23" while they read "lundi 23", so a voice
 * command saying what is on screen found nothing (WCAG 2.5.3) and a screen reader read an ISO
 * date. It offers no prop for that name: each header is renamed "lundi 23 novembre 2026" once
 * rendered, and again whenever the calendar writes its own name back (another week, language).
 */
export const useWeekdayNames = (locale: string) =>
  useCallback(
    (node: HTMLElement | null) => {
      if (node === null) return
      const rename = () => {
        for (const header of node.querySelectorAll<HTMLElement>(dayHeaders)) {
          const iso = header.getAttribute("aria-label")?.match(isoAtEnd)?.[0]
          if (iso !== undefined)
            header.setAttribute("aria-label", dayjs(iso).locale(locale).format("dddd D MMMM YYYY"))
        }
      }
      rename()
      const observer = new MutationObserver(rename)
      observer.observe(node, { subtree: true, childList: true, attributeFilter: ["aria-label"] })
      return () => observer.disconnect()
    },
    [locale],
  )

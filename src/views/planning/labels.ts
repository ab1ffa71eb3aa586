import type { ScheduleLabelsOverride } from "@mantine/schedule"
import type { TranslationFunctions } from "../../i18n/i18n-types"

/** The calendar's own labels in the page's language. */
export const scheduleLabels = (LL: TranslationFunctions): ScheduleLabelsOverride => {
  const s = LL.planning.schedule
  return {
    day: s.day(),
    week: s.week(),
    month: s.month(),
    year: s.year(),
    allDay: s.allDay(),
    weekday: s.weekday(),
    timeSlot: s.timeSlot(),
    today: s.today(),
    next: s.next(),
    previous: s.previous(),
    more: s.more(),
    selectMonth: s.selectMonth(),
    selectYear: s.selectYear(),
    switchToDayView: s.switchToDayView(),
    switchToWeekView: s.switchToWeekView(),
    switchToMonthView: s.switchToMonthView(),
    switchToYearView: s.switchToYearView(),
    viewSelectLabel: s.viewSelectLabel(),
    noEvents: s.noEvents(),
    moreLabel: (count) => s.moreLabel({ count }),
    resource: s.resource(),
    resources: s.resources(),
    resourceSlot: s.resourceSlot(),
    agenda: s.agenda(),
  }
}

import { useI18nContext } from "../../i18n/i18n-react"
import type { Notification } from "../../schema/notification"
import { userLabel } from "../../schema/user"
import { formatDate } from "../common/format"

/** The sentence of a notification; without a named actor (the structure answered), one without a name. */
export const useNotificationText = () => {
  const { LL, locale } = useI18nContext()
  const kinds = LL.membership.notifications.kinds
  const anonymous = LL.membership.notifications.kindsNoName
  const booked = LL.booking.notifications
  return (n: Notification): string => {
    const cluster = n.cluster.name
    const name = n.actor === null ? null : userLabel(n.actor)
    switch (n.kind) {
      case "invitationReceived":
        return name === null
          ? anonymous.invitationReceived({ cluster })
          : kinds.invitationReceived({ name, cluster })
      case "invitationAnswered":
        if (n.answer === "accepted")
          return name === null
            ? anonymous.invitationAccepted({ cluster })
            : kinds.invitationAccepted({ name, cluster })
        return name === null
          ? anonymous.invitationDeclined({ cluster })
          : kinds.invitationDeclined({ name, cluster })
      case "membershipRequested":
        return name === null
          ? anonymous.membershipRequested({ cluster })
          : kinds.membershipRequested({ name, cluster })
      case "membershipAnswered":
        return n.answer === "accepted"
          ? kinds.membershipAccepted({ cluster })
          : kinds.membershipRefused({ cluster })
      case "bookingRequested":
      case "bookingAccepted":
      case "bookingRefused":
      case "bookingEdited":
      case "bookingCancelled": {
        const b = n.booking
        const period =
          b === null ? "" : `${formatDate(b.start_date, locale)} → ${formatDate(b.end_date, locale)}`
        const resources = b === null ? "" : b.resources.join(" → ")
        return booked[n.kind]({ name: name ?? booked.someone(), resources, period })
      }
      case "boxSilent":
      case "boxLowBattery":
        return kinds[n.kind]({ box: n.counter ?? "", cluster })
      case "activityDisputed":
      case "disputeAnswered": {
        const a = n.activity
        return kinds[n.kind]({
          name: name ?? booked.someone(),
          // Gone since (the machine deleted): a dash, as every unknown figure.
          machine: a?.machine ?? "—",
          when: a === null ? "—" : formatDate(a.start, locale),
        })
      }
      case "maintenanceAlert": {
        const m = n.maintenance
        const status = m?.status ?? "due"
        return kinds.maintenance[status]({ rule: m?.rule ?? "—", machine: m?.machine.name ?? "—" })
      }
      case "announcement": {
        const a = n.announcement
        return kinds[a?.urgency === "urgent" ? "announcementUrgent" : "announcement"]({
          name: name ?? booked.someone(),
          cluster,
          excerpt: a?.excerpt ?? "—",
        })
      }
    }
  }
}

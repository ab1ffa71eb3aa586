import type { ThrottleRule } from "../auth/throttle"

/**
 * Invitation mails are throttled: at most 20 invitations per inviter per hour, at most 3
 * invitation mails per recipient address per 24 hours (an invite/cancel cycle sends a mail each time).
 */
export const invitationLimits = {
  perInviter: { limit: 20, windowMinutes: 60 },
  perRecipient: { limit: 3, windowMinutes: 24 * 60 },
} as const

export const inviteLimits = (inviterId: string, email: string): ReadonlyArray<ThrottleRule> => [
  { key: `invite-inviter:${inviterId}`, ...invitationLimits.perInviter },
  { key: `invite-recipient:${email}`, ...invitationLimits.perRecipient },
]

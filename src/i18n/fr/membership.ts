/** Members, invitations, requests to join, notifications, account finalisation. */
export const membership = {}

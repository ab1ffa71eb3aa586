/** Attempts allowed per 15 minutes (failures for sign-in and codes), per account and per client address. */
export const limits = {
  account: 10,
  address: 50,
  codePerAddress: 10,
  mailsPerAccount: 5,
  signupsPerAddress: 20,
} as const

import { AuthLayout } from "./AuthLayout"

export const ResetPasswordPage = (_: { email?: string; token?: string }) => (
  <AuthLayout title="…">…</AuthLayout>
)

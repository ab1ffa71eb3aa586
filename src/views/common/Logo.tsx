/** The Sillon mark: a leaf over three furrows. Decorative: the name is always written beside it. */
export const Logo = ({ size = 32 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
    <rect width="64" height="64" rx="14" fill="#1f7532" />
    <path d="M32 36C22 31 20 19 33 9c10 9 9 21-1 27z" fill="#a6d4ae" />
    <path d="M32 36c0-8 0-16 1-24" stroke="#17602a" strokeWidth="2" fill="none" strokeLinecap="round" />
    <path
      d="M10 46c14-6 30-6 44 0M10 54c14-6 30-6 44 0"
      stroke="#ffffff"
      strokeWidth="4"
      fill="none"
      strokeLinecap="round"
    />
  </svg>
)

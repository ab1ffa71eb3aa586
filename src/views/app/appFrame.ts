/**
 * What every screen but the light ones (frame.ts) needs before it shows: the whole of Mantine's
 * CSS (styles.ts; its first-paint part is already there) and the calendars' languages.
 */
import "dayjs/locale/de"
import "dayjs/locale/fr"
import "dayjs/locale/pl"
import "./styles"

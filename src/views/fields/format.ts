export { formatArea } from "../common/area"

export { formatDay } from "../common/formatDay"

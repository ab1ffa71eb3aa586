import { detectActivities } from "../../server/activities/engine"
import { benchDay, benchInput } from "./activitiesDay"

const input = benchInput(benchDay(false))
for (let i = 0; i < 30; i++) detectActivities(input)
const t = performance.now()
const n = Number(process.env.N ?? 300)
for (let i = 0; i < n; i++) detectActivities(input)
console.log(((performance.now() - t) / n).toFixed(2), "ms/run")

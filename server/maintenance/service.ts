import { SqlClient } from "@effect/sql"
import { DateTime, Effect } from "effect"
import { BadRequest, Forbidden, NotFound } from "../../src/schema/errors"
import {
  ClusterId,
  MachineId,
  MaintenanceActionId,
  MaintenanceProfileId,
  MaintenanceRuleId,
} from "../../src/schema/ids"
import {
  type CounterNow,
  estimateMs,
  MachineMaintenance,
  MachineRuleState,
  MaintenanceAction,
  type MaintenanceActionInput,
  type MaintenanceCounter,
  MaintenanceProfile,
  type MaintenanceProfileInput,
  MaintenanceRule,
  type MaintenanceRuleInput,
  type ManualReadingInput,
  maintenanceCounters,
  type ReadableCounter,
  ruleArithmetic,
  unitOf,
  urgency,
} from "../../src/schema/maintenance"
import { CurrentUser } from "../../src/schema/middleware"
import { Access } from "../clusters/access"
import { MachinesRepo } from "../machines/repository"
import { standingOf } from "../machines/standing"
import { Dashboards } from "../rollups/service"
import { queueMaintenanceCheck } from "./queue"
import { MaintenanceRepo, type ReadingRow, type RuleRow } from "./repository"

const day = 86_400_000
const year = 365.2425 * day
/** A date a few minutes ahead is a clock's drift, not the future. */
const drift = 5 * 60_000

/** A machine's profiles and their rules, as the repository reads them. */
type MachineProfiles = Effect.Effect.Success<ReturnType<MaintenanceRepo["profilesOfMachine"]>>
type Parts = Effect.Effect.Success<ReturnType<MaintenanceRepo["profilesOf"]>>[number]

const ruleOf = (r: RuleRow) =>
  new MaintenanceRule({
    id: MaintenanceRuleId.make(r.id),
    name: r.name,
    counter: r.counter,
    unit: unitOf(r.counter),
    frequency: r.frequency,
    firstEvent: r.first_event,
  })

/**
 * Maintenance (docs/maintenance.md): profiles of rules applying to the structures they name and
 * to the machines attached to them; the counters each rule follows (a reading plus what the boxes
 * and the activity engine recorded since, through the one aggregation of the dashboards); actions
 * that restart a rule's count. Seeing follows seeMachines; editing a profile takes manageMachine
 * in every structure it names; attaching a machine, recording an action or a reading takes
 * managing the machine (manageMachine in its structure, or its management grant).
 */
export class Maintenance extends Effect.Service<Maintenance>()("Maintenance", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const repo = yield* MaintenanceRepo
    const machines = yield* MachinesRepo
    const access = yield* Access
    const dashboards = yield* Dashboards
    const standing = standingOf(machines, access)

    const rightsOf = Effect.fnUntraced(function* () {
      const { id: me } = yield* CurrentUser
      const rows = yield* repo.memberships(me)
      const has = (clusterId: string, right: string) =>
        rows.some((r) => r.cluster_id === clusterId && r.rights.includes(right))
      return {
        me,
        member: rows.map((r) => r.cluster_id),
        seen: rows.filter((r) => r.rights.includes("seeMachines")).map((r) => r.cluster_id),
        has,
      }
    })

    const showing = (p: Parts, rights: Effect.Effect.Success<ReturnType<typeof rightsOf>>) =>
      new MaintenanceProfile({
        id: MaintenanceProfileId.make(p.profile.id),
        name: p.profile.name,
        clusters: p.clusters
          .filter((c) => rights.seen.includes(c.id))
          .map((c) => ({ id: ClusterId.make(c.id), name: c.name })),
        machines: p.machines
          .filter((m) => rights.seen.includes(m.cluster_id))
          .map((m) => ({ id: MachineId.make(m.id), name: m.name })),
        rules: p.rules.map(ruleOf),
        soonShare: p.profile.soon_share,
        can: { edit: p.clusters.every((c) => rights.has(c.id, "manageMachine")) },
      })

    /** The profile as the caller sees it: NotFound when it names none of the caller's structures. */
    const visibleProfile = Effect.fnUntraced(function* (id: string) {
      const rights = yield* rightsOf()
      const p = yield* repo.profile(id)
      // Outside its structures a profile does not exist; a member who may not see machines gets 403.
      if (p === null || !p.clusters.some((c) => rights.member.includes(c.id)))
        return yield* Effect.fail(NotFound.of())
      if (!p.clusters.some((c) => rights.seen.includes(c.id))) return yield* Effect.fail(Forbidden.of())
      return { p, rights }
    })
    const editableProfile = Effect.fnUntraced(function* (id: string) {
      const v = yield* visibleProfile(id)
      if (!v.p.clusters.every((c) => v.rights.has(c.id, "manageMachine")))
        return yield* Effect.fail(Forbidden.of())
      return v
    })
    const managed = Effect.fnUntraced(function* (machineId: string) {
      const s = yield* standing(machineId)
      if (!s.manages) return yield* Effect.fail(Forbidden.of())
      return s
    })
    const checkRules = Effect.fnUntraced(function* (
      profileId: string,
      rules: ReadonlyArray<MaintenanceRuleInput>,
    ) {
      const ids = rules.map((r) => r.id)
      if (new Set(ids).size !== ids.length || (yield* repo.foreignRules(profileId, ids)).length > 0)
        return yield* Effect.fail(BadRequest.of("badRequest"))
    })
    /** A counter or a rule moved: the machines' alerts are checked again (server/maintenance/alerts.ts). */
    const checkAlerts = (machineIds: ReadonlyArray<string>) =>
      Effect.forEach(new Set(machineIds), (id) => queueMaintenanceCheck(id), { discard: true }).pipe(
        Effect.provideService(SqlClient.SqlClient, sql),
      )
    const notFuture = Effect.fnUntraced(function* (date: DateTime.Utc) {
      const now = yield* DateTime.now
      if (DateTime.toEpochMillis(date) > DateTime.toEpochMillis(now) + drift)
        return yield* Effect.fail(BadRequest.of("maintenanceDateFuture"))
    })

    /**
     * The machine's counters at any instant: the latest reading at or before it (a manual one, one
     * entered with an action, or the machine's maintenance data at its measurement date), plus
     * what was recorded since; from the machine's first box when nothing was read.
     */
    const countersOf = Effect.fnUntraced(function* (machineId: string) {
      const data = yield* repo.machineData(machineId)
      const readings = yield* repo.readings(machineId)
      const base = (counter: ReadableCounter, atMs: number) => {
        // The latest of the readings and the maintenance data's figure at or before `atMs`.
        const read = readings.find((r) => r.counter === counter && DateTime.toEpochMillis(r.read_at) <= atMs)
        const entered = data[counter === "km" ? "km" : counter]
        const fromData =
          entered !== null && data.measuredAt !== null && data.measuredAt <= atMs
            ? { value: entered, from: data.measuredAt, read: null }
            : null
        const fromRead =
          read === undefined ? null : { value: read.value, from: DateTime.toEpochMillis(read.read_at), read }
        if (fromRead !== null && (fromData === null || fromRead.from >= fromData.from)) return fromRead
        if (fromData !== null) return fromData
        return { value: 0, from: data.firstBox ?? atMs, read: null }
      }
      const valueAt = Effect.fnUntraced(function* (counter: MaintenanceCounter, atMs: number) {
        if (counter === "years")
          return data.dateOfIssue === null ? null : Math.max(0, (atMs - data.dateOfIssue) / year)
        const b = base(counter, atMs)
        const recorded = yield* dashboards.recorded(machineId, b.from, atMs)
        return b.value + recorded[counter]
      })
      const now = Date.now()
      const month = yield* dashboards.recorded(machineId, now - 30 * day, now)
      const current: Array<CounterNow> = []
      for (const counter of maintenanceCounters) {
        const b = counter === "years" ? null : base(counter, now)
        current.push({
          counter,
          value: yield* valueAt(counter, now),
          reading:
            b === null || (b.read === null && b.value === 0 && data.measuredAt === null)
              ? null
              : { value: b.value, at: DateTime.unsafeMake(b.from) },
          perDay: counter === "years" ? 1 / 365.2425 : month[counter] / 30,
        })
      }
      return { now, current, valueAt, readings }
    })

    /**
     * Where each rule of each profile attached to the machine stands (`manages`: whether the
     * reader may record on it).
     */
    const statesOf = Effect.fnUntraced(function* (
      machine: {
        readonly id: string
        readonly name: string
        readonly cluster_id: string
        readonly cluster_name: string
      },
      manages: boolean,
      /** The machine's profiles, when the caller has read them already. */
      read?: MachineProfiles,
    ) {
      const machineId = machine.id
      const profiles = read ?? (yield* repo.profilesOfMachine(machineId))
      const counters = yield* countersOf(machineId)
      const last = yield* repo.lastDone(machineId)
      const readingOf = (rs: ReadonlyArray<ReadingRow>, actionId: string, counter: MaintenanceCounter) =>
        rs.find((r) => r.action_id === actionId && r.counter === counter)?.value
      const states: Array<MachineRuleState> = []
      for (const p of profiles)
        for (const r of p.rules) {
          const rule = ruleOf(r)
          const done = last.find((l) => l.rule_id === r.id)
          const lastValue =
            done === undefined
              ? null
              : (readingOf(counters.readings, done.action_id, r.counter) ??
                (yield* counters.valueAt(r.counter, DateTime.toEpochMillis(done.done_at))))
          const now = counters.current.find((c) => c.counter === r.counter)
          const a = ruleArithmetic(rule, now?.value ?? null, lastValue, p.profile.soon_share)
          const eta = estimateMs(a.remaining, now?.perDay ?? 0, counters.now)
          states.push(
            new MachineRuleState({
              machine: { id: MachineId.make(machine.id), name: machine.name },
              cluster: { id: ClusterId.make(machine.cluster_id), name: machine.cluster_name },
              profile: { id: MaintenanceProfileId.make(p.profile.id), name: p.profile.name },
              rule,
              status: a.status,
              counter: now?.value ?? null,
              dueAt: a.dueAt,
              remaining: a.remaining,
              estimatedAt: eta === null ? null : DateTime.unsafeMake(eta),
              lastAction:
                done === undefined
                  ? null
                  : { id: MaintenanceActionId.make(done.action_id), date: done.done_at },
              can: { record: manages },
            }),
          )
        }
      states.sort((x, y) => urgency[x.status] - urgency[y.status] || (x.remaining ?? 0) - (y.remaining ?? 0))
      return { states, counters: counters.current }
    })
    /** The same for the caller, who must see the machine. */
    const machineStates = Effect.fnUntraced(function* (machineId: string, read?: MachineProfiles) {
      const s = yield* standing(machineId)
      return { s, ...(yield* statesOf(s.machine, s.manages, read)) }
    })

    const toAction = (a: Effect.Effect.Success<ReturnType<MaintenanceRepo["actions"]>>[number]) =>
      new MaintenanceAction({
        id: MaintenanceActionId.make(a.row.id),
        machine: { id: MachineId.make(a.row.machine_id), name: a.row.machine_name },
        date: a.row.done_at,
        rules: a.rules.map((r) => ({ id: MaintenanceRuleId.make(r.rule_id), name: r.rule_name })),
        readings: a.readings.map((r) => ({ counter: r.counter, value: r.value })),
        comment: a.row.comment,
        costCents: a.row.cost_cents,
        parts: a.row.parts,
        doneBy: a.row.done_by,
        author:
          a.row.author_firstname === null
            ? null
            : {
                firstname: a.row.author_firstname,
                lastname: a.row.author_lastname ?? "",
                name: a.row.author_name,
              },
        createdAt: a.row.created_at,
      })

    const machineView = Effect.fnUntraced(function* (machineId: string) {
      const { s, states, counters } = yield* machineStates(machineId)
      return new MachineMaintenance({
        machine: { id: MachineId.make(s.machine.id), name: s.machine.name },
        counters,
        rules: states,
        can: { manage: s.manages },
      })
    })

    const allStates = Effect.gen(function* () {
      const { id: me } = yield* CurrentUser
      const seen = yield* machines.visibleTo(me, undefined)
      const out: Array<MachineRuleState> = []
      for (const m of seen) {
        const profiles = yield* repo.profilesOfMachine(m.id)
        if (profiles.length === 0) continue
        out.push(...(yield* machineStates(m.id, profiles)).states)
      }
      return out.sort(
        (x, y) => urgency[x.status] - urgency[y.status] || (x.remaining ?? 0) - (y.remaining ?? 0),
      )
    })

    return {
      /**
       * Where every rule of the machine stands, for the alerts (server/maintenance/alerts.ts): no
       * caller, nobody's rights; an unknown machine has none.
       */
      rulesOfMachine: Effect.fn("Maintenance.rulesOfMachine")(function* (machineId: string) {
        const machine = yield* machines.byId(machineId)
        // No profile, no rule: nothing to count (a detached machine's alerts are forgotten).
        if (!machine) return []
        const profiles = yield* repo.profilesOfMachine(machineId)
        if (profiles.length === 0) return []
        return (yield* statesOf(machine, false, profiles)).states
      }),
      profiles: Effect.fn("Maintenance.profiles")(function* () {
        const rights = yield* rightsOf()
        return (yield* repo.profilesOf(rights.seen)).map((p) => showing(p, rights))
      }),

      putProfile: Effect.fn("Maintenance.putProfile")(function* (input: MaintenanceProfileInput) {
        const rights = yield* rightsOf()
        for (const cluster of new Set(input.clusters)) yield* access.require(cluster, "manageMachine")
        const existing = yield* repo.profile(input.id)
        if (existing !== null && !existing.clusters.every((c) => rights.has(c.id, "manageMachine")))
          return yield* Effect.fail(
            existing.clusters.some((c) => rights.member.includes(c.id)) ? Forbidden.of() : NotFound.of(),
          )
        yield* checkRules(input.id, input.rules)
        yield* sql.withTransaction(repo.putProfile(input, rights.me)).pipe(Effect.orDie)
        const saved = (yield* repo.profile(input.id)) as Parts
        yield* checkAlerts(saved.machines.map((m) => m.id))
        return showing(saved, rights)
      }),

      putRules: Effect.fn("Maintenance.putRules")(function* (
        id: string,
        rules: ReadonlyArray<MaintenanceRuleInput>,
      ) {
        const { rights } = yield* editableProfile(id)
        yield* checkRules(id, rules)
        yield* sql.withTransaction(repo.putRules(id, rules)).pipe(Effect.orDie)
        const saved = (yield* repo.profile(id)) as Parts
        yield* checkAlerts(saved.machines.map((m) => m.id))
        return showing(saved, rights)
      }),

      attach: Effect.fn("Maintenance.attach")(function* (id: string, machineIds: ReadonlyArray<string>) {
        const { p, rights } = yield* visibleProfile(id)
        for (const machineId of new Set(machineIds)) {
          const s = yield* managed(machineId)
          if (!p.clusters.some((c) => c.id === s.machine.cluster_id))
            return yield* Effect.fail(BadRequest.of("profileMachineOutside"))
        }
        yield* repo.attach(id, [...new Set(machineIds)])
        yield* checkAlerts(machineIds)
        return showing((yield* repo.profile(id)) as Parts, rights)
      }),

      detach: Effect.fn("Maintenance.detach")(function* (id: string, machineId: string) {
        yield* visibleProfile(id)
        yield* managed(machineId)
        yield* repo.detach(id, machineId)
        yield* checkAlerts([machineId])
      }),

      machine: Effect.fn("Maintenance.machine")((machineId: string) => machineView(machineId)),

      actions: Effect.fn("Maintenance.actions")(function* (machineId: string | undefined) {
        const { id: me } = yield* CurrentUser
        const ids =
          machineId === undefined
            ? (yield* machines.visibleTo(me, undefined)).map((m) => m.id as string)
            : [(yield* standing(machineId)).machine.id]
        return (yield* repo.actions(ids)).map(toAction)
      }),

      addAction: Effect.fn("Maintenance.addAction")(function* (input: MaintenanceActionInput) {
        const s = yield* managed(input.machine)
        yield* notFuture(input.date)
        const rules = (yield* repo.profilesOfMachine(s.machine.id)).flatMap((p) => p.rules)
        const names = new Map(rules.map((r) => [r.id, r.name]))
        if (input.rules.some((id) => !names.has(id)))
          return yield* Effect.fail(BadRequest.of("ruleNotForMachine"))
        if (new Set(input.readings.map((r) => r.counter)).size !== input.readings.length)
          return yield* Effect.fail(BadRequest.of("badRequest"))
        const added = yield* sql.withTransaction(repo.addAction(input, names, s.me)).pipe(Effect.orDie)
        // The same id again: recorded once; another machine under that id is a client's mistake.
        if (!added && (yield* repo.actionMachine(input.id)) !== s.machine.id)
          return yield* Effect.fail(BadRequest.of("badRequest"))
        yield* checkAlerts([s.machine.id])
        const all = yield* repo.actions([s.machine.id])
        const mine = all.find((a) => a.row.id === input.id)
        if (mine === undefined) return yield* Effect.die(new Error("recorded action not found"))
        return toAction(mine)
      }),

      removeAction: Effect.fn("Maintenance.removeAction")(function* (id: string) {
        const machineId = yield* repo.actionMachine(id)
        if (machineId === null) return yield* Effect.fail(NotFound.of())
        yield* managed(machineId)
        yield* repo.removeAction(id)
        yield* checkAlerts([machineId])
      }),

      addReading: Effect.fn("Maintenance.addReading")(function* (input: ManualReadingInput) {
        const s = yield* managed(input.machine)
        yield* notFuture(input.date)
        yield* repo.addReading(s.machine.id, input.counter, input.value, input.date, s.me, null)
        yield* checkAlerts([s.machine.id])
        return yield* machineView(s.machine.id)
      }),

      /** Every rule of every machine the caller sees, most urgent first (the maintenance dashboard). */
      states: Effect.fn("Maintenance.states")(() => allStates),

      /** The caller's machines' rules that are soon, due or overdue, most urgent first. */
      alerts: Effect.fn("Maintenance.alerts")(function* () {
        return (yield* allStates).filter(
          (x) => x.status === "soon" || x.status === "due" || x.status === "overdue",
        )
      }),
    }
  }),
  dependencies: [MaintenanceRepo.Default, MachinesRepo.Default, Access.Default, Dashboards.Default],
}) {}

// Size: the one world every matrix cell runs in: people, structures, grants and one id of each kind, built together.
import { randomUUID } from "node:crypto"
import { rights as allRights } from "../../../src/schema/rights"
import { signedUpPerson, type TestApp } from "../app"
import type { Actor, EndpointRows, IdKind, Variant } from "./matrix"

/** Everything one cell needs, made fresh for it: structures A and B with their objects, and the actor. */
export interface World {
  readonly actor: {
    readonly id: string | undefined
    readonly email: string
    readonly password: string
    readonly refreshToken: string
    readonly auth: Record<string, string>
  }
  readonly ids: Record<"A" | "B", Record<IdKind, string> & { readonly bob: string }>
  /** Someone with no link to the actor nor to A. */
  readonly guest: string
}

const fresh = () => `p-${randomUUID()}@example.org`
const textArray = (list: ReadonlyArray<string>) => `{${list.join(",")}}`

/** The world of the cell being run: body hooks (which see no fixtures) read the ids of its objects here. */
export let currentWorld: World | undefined

export const buildWorld = async (
  app: TestApp,
  actorKind: Actor,
  rows: EndpointRows,
  variant: Variant = {},
): Promise<World> => {
  const q = <A extends object>(f: Parameters<TestApp["sql"]>[0]) => app.sql(f) as Promise<ReadonlyArray<A>>
  const one = async (f: Parameters<TestApp["sql"]>[0]) => (await q<{ id: string }>(f))[0].id
  /** A person without password, straight in the table: fixtures only, never signed in. */
  const person = (first: string) =>
    one(
      (sql) =>
        sql`INSERT INTO users (email, password_hash, firstname, lastname) VALUES (${fresh()}, NULL, ${first}, 'Test') RETURNING id`,
    )
  const cluster = (name: string) =>
    one(
      (sql) => sql`INSERT INTO clusters (name, type, kind, address, default_rights)
        VALUES (${name}, 'sharing', 'cuma', ${JSON.stringify({ street: "1 rue", complement: null, postalCode: "28000", city: "Chartres", country: "France" })}::jsonb,
                '{seeMachines,bookMachine}') RETURNING id`,
    )
  const join = (clusterId: string, userId: string, rights: ReadonlyArray<string>) =>
    app.sql(
      (sql) => sql`INSERT INTO memberships (cluster_id, user_id, role, rights)
        VALUES (${clusterId}, ${userId}, 'member', ${textArray(rights)}::text[])`,
    )

  const signedUp =
    actorKind === "anonymous"
      ? undefined
      : await signedUpPerson(app, { email: fresh(), firstname: "Acteur", lastname: "Test" })
  const actor = {
    id: signedUp?.id,
    email: signedUp?.email ?? fresh(),
    password: "correct horse",
    refreshToken: signedUp?.refreshToken ?? "not-a-refresh-token",
    auth: signedUp && actorKind !== "visitor" ? signedUp.auth : {},
  }

  const owner = await person("Owner")
  const bob = await person("Bob")
  const guest = await person("Guest")
  const A = await cluster("CUMA A")
  const B = await cluster("CUMA B")
  // The owner holds all 19 rights, so every right stays held whatever the cell changes (unless a variant says otherwise).
  await join(A, owner, variant.owner ?? allRights)
  await join(A, bob, variant.bob ?? [])
  await join(B, owner, allRights)
  await join(B, bob, [])
  if (actor.id) {
    if (actorKind === "outsider") await join(await cluster("CUMA C"), actor.id, allRights)
    if (actorKind === "holder") await join(A, actor.id, variant.holds ?? rows.holds ?? [])
    if (actorKind === "lacking")
      await join(
        A,
        actor.id,
        allRights.filter((r) => r !== rows.lacks),
      )
    if (actorKind === "self") await join(A, actor.id, [])
    if (actorKind === "admin")
      // The only administrator (cells run one after another on one database).
      await app.sql((sql) => sql`UPDATE users SET is_admin = (id = ${actor.id ?? ""})`)
  }
  /** A booking of the structure's machine, requested for Bob by Bob from tomorrow for two hours (see `Variant.booking`). */
  const bookingOf = async (c: string, machine: string, shape: Variant["booking"] = {}) => {
    const id = randomUUID()
    const by = shape.by === "actor" && actor.id ? actor.id : bob
    const status = shape.status ?? "requested"
    const at = Date.now() + (shape.ended ? -2 : 1) * 86_400_000
    const start = new Date(at).toISOString()
    const end = new Date(at + 2 * 3_600_000).toISOString()
    await app.sql(
      (sql) => sql`INSERT INTO bookings (id, cluster_id, user_id, requested_by, start_date, end_date, status)
        VALUES (${id}, ${c}, ${by}, ${by}, ${start}::timestamptz, ${end}::timestamptz, ${status})`,
    )
    const active = status === "requested" || status === "accepted"
    // Position 0 the machine, then Bob as an employee when asked.
    for (const [position, r] of (shape.employee ? [machine, bob] : [machine]).entries())
      await app.sql(
        (
          sql,
        ) => sql`INSERT INTO booking_resources (booking_id, position, machine_id, employee_id, during, active)
          VALUES (${id}, ${position}, ${position === 0 ? r : null}, ${position === 0 ? null : r},
                  tstzrange(${start}::timestamptz, ${end}::timestamptz), ${active})`,
      )
    return id
  }
  const objects = async (c: string, invitee: string, requester: string, notified: string) => {
    const machine = await one(
      (sql) => sql`INSERT INTO machines (cluster_id, name) VALUES (${c}, 'Tracteur') RETURNING id`,
    )
    const invitation = await one(
      (sql) => sql`INSERT INTO invitations (cluster_id, user_id, email, role, invited_by)
        SELECT ${c}, id, email, 'member', ${owner} FROM users WHERE id = ${invitee} RETURNING id`,
    )
    const request = await one(
      (sql) => sql`INSERT INTO membership_requests (cluster_id, user_id, role)
        VALUES (${c}, ${requester}, 'member') RETURNING id`,
    )
    const notification = await one(
      (sql) => sql`INSERT INTO notifications (user_id, kind, cluster_id, actor_id, invitation_id)
        VALUES (${notified}, 'invitationReceived', ${c}, ${owner}, ${invitation}) RETURNING id`,
    )
    // A box of the structure on its machine since yesterday (no end), and a machine tag not yet attached.
    const counter = `BOX-${randomUUID().slice(0, 8).toUpperCase()}`
    await app.sql((sql) => sql`INSERT INTO counters (id, cluster_id, battery) VALUES (${counter}, ${c}, 90)`)
    const association = await one(
      (sql) => sql`INSERT INTO counter_associations (counter_id, machine_id, cluster_id, start_date)
        VALUES (${counter}, ${machine}, ${c}, now() - interval '1 day') RETURNING id`,
    )
    const tag = `TAG-${randomUUID().slice(0, 8).toUpperCase()}`
    await app.sql((sql) => sql`INSERT INTO ble_tags (id, type, cluster_id) VALUES (${tag}, 'machine', ${c})`)
    const booking = await bookingOf(c, machine, c === A ? variant.booking : undefined)
    // A field of a farmer who is a member of the structure (without rights), or the actor's (`Variant.field`).
    const farmer = c === A && variant.field?.owner === "actor" && actor.id ? actor.id : await person("Farmer")
    if (farmer !== actor.id) await join(c, farmer, [])
    const field = await one(
      (sql) => sql`INSERT INTO fields (id, owner_id, owned_since, name, geom, area_ha, source)
        SELECT gen_random_uuid(), ${farmer}, DATE '2024-01-01', 'La Mare', g, field_area_ha(g), 'demo'
        FROM (SELECT ST_Multi(ST_GeomFromText('POLYGON((1.24 48.3, 1.25 48.3, 1.25 48.31, 1.24 48.3))', 4326)) AS g) AS x
        RETURNING id`,
    )
    await app.sql(
      (sql) =>
        sql`INSERT INTO field_owners (field_id, owner_id, since) VALUES (${field}, ${farmer}, DATE '2024-01-01')`,
    )
    // A voice comment on it by the farmer, or by the actor (`Variant.comment`); and an id free for a new one.
    const author = c === A && variant.comment?.author === "actor" && actor.id ? actor.id : farmer
    const comment = await one(
      (sql) => sql`INSERT INTO field_comments (id, field_id, author_id, sound, sound_type)
        VALUES (gen_random_uuid(), ${field}, ${author}, decode('4f67675300020000000000000000', 'hex'), 'audio/ogg')
        RETURNING id`,
    )
    // An activity of the machine, yesterday (as the engine would have stored it).
    const activity = await one(
      (sql) => sql`INSERT INTO activities (machine_id, id, day, start_at, end_at, duration_s, road_distance_m,
          work_distance_m, pause_s, pause_count, max_speed_kmh, unknown_field_s, seconds, attribution, provisional,
          figures_fingerprint)
        VALUES (${machine}, gen_random_uuid(), current_date - 1, now() - interval '1 day', now() - interval '23 hours',
          3600, 0, 0, 0, 0, 0, 0, '{}'::jsonb, 'none', false, 'world') RETURNING id`,
    )
    // An announcement of the structure by its owner, showing; and an id free for a new one.
    const announcement = await one(
      (sql) => sql`INSERT INTO announcements (id, cluster_id, author_id, message, urgency)
        VALUES (gen_random_uuid(), ${c}, ${owner}, 'Aire de lavage fermée', 'info') RETURNING id`,
    )
    // A maintenance profile naming the structure, its machine attached, an oil change every 250
    // engine hours, done two days ago.
    const profile = await one(
      (
        sql,
      ) => sql`INSERT INTO maintenance_profiles (id, name, soon_share) VALUES (gen_random_uuid(), 'Tracteurs', 0.1)
        RETURNING id`,
    )
    const rule = await one(
      (
        sql,
      ) => sql`INSERT INTO maintenance_rules (id, profile_id, position, name, counter, frequency, first_event)
        VALUES (gen_random_uuid(), ${profile}, 0, 'Vidange moteur', 'engineHours', 250, 50) RETURNING id`,
    )
    const maintenanceAction = await one(
      (sql) => sql`INSERT INTO maintenance_actions (id, machine_id, done_at, comment, parts, done_by)
        VALUES (gen_random_uuid(), ${machine}, now() - interval '2 days', '', '', '') RETURNING id`,
    )
    await app.sql(
      (sql) =>
        sql`INSERT INTO maintenance_profile_clusters (profile_id, cluster_id) VALUES (${profile}, ${c})`,
    )
    await app.sql(
      (sql) =>
        sql`INSERT INTO maintenance_profile_machines (profile_id, machine_id) VALUES (${profile}, ${machine})`,
    )
    await app.sql(
      (sql) => sql`INSERT INTO maintenance_action_rules (action_id, rule_id, rule_name)
        VALUES (${maintenanceAction}, ${rule}, 'Vidange moteur')`,
    )
    return {
      cluster: c,
      machine,
      profile,
      maintenanceAction,
      activity,
      announcement,
      newAnnouncement: randomUUID(),
      invitation,
      request,
      notification,
      bob,
      counter,
      association,
      tag,
      booking,
      field,
      comment,
      newComment: randomUUID(),
    }
  }
  const grant = (machine: string, userId: string, grants: ReadonlyArray<string>) =>
    app.sql(
      (sql) => sql`INSERT INTO machine_grants (machine_id, user_id, grants)
        VALUES (${machine}, ${userId}, ${textArray(grants)}::text[])`,
    )
  const me = actor.id ?? guest
  const ids = {
    A: await objects(A, actorKind === "invitee" ? me : guest, actorKind === "requester" ? me : guest, me),
    B: await objects(B, guest, guest, guest),
  }
  const grants = variant.grants ?? (actorKind === "grantee" ? ["booking", "management"] : [])
  if (actor.id && grants.length > 0) await grant(ids.A.machine, actor.id, grants)
  currentWorld = { actor, guest, ids }
  return currentWorld
}

import { OpenApi } from "@effect/platform"
import { ActivitiesGroup } from "./api.activities"
import { AnnouncementsGroup } from "./api.announcements"
import { AuthGroup, HealthGroup, LegacyGroup } from "./api.auth"
import { sillonApi } from "./api.base"
import { BookingsGroup } from "./api.bookings"
import { BookingUseGroup } from "./api.bookingUse"
import { BoxesGroup, OsmandGroup } from "./api.boxes"
import { CanbusGroup } from "./api.canbus"
import { ClustersGroup, MachinesGroup } from "./api.clusters"
import { DashboardGroup } from "./api.dashboard"
import { FieldCommentsGroup } from "./api.fieldComments"
import { FieldsGroup } from "./api.fields"
import { AdminGroup, BleTagsGroup, CountersGroup, PropertiesGroup, PublicGroup } from "./api.fleet"
import { GeolocGroup } from "./api.geoloc"
import { MaintenanceGroup } from "./api.maintenance"
import { MeGroup } from "./api.me"
import { MembershipGroup, NotificationsGroup } from "./api.membership"
import { TelemetryGroup } from "./api.telemetry"
import { UsageGroup } from "./api.usage"
import { VegetationGroup } from "./api.vegetation"

export { AuthGroup, HealthGroup, LegacyGroup, RefreshHeaders } from "./api.auth"

/**
 * The whole contract, as the server serves it and the OpenAPI documents it. The browser never
 * loads it whole: each of its services builds a client of the groups it calls (`clientOf`,
 * src/services/apiClient.ts), so a screen downloads only its own domains' contract.
 */
export class SillonApi extends sillonApi
  .add(HealthGroup)
  .add(AuthGroup)
  .add(LegacyGroup)
  .add(MeGroup)
  .add(ClustersGroup)
  .add(MachinesGroup)
  .add(MembershipGroup)
  .add(NotificationsGroup)
  .add(PropertiesGroup)
  .add(CountersGroup)
  .add(BleTagsGroup)
  .add(AdminGroup)
  .add(PublicGroup)
  .add(BookingsGroup)
  .add(FieldsGroup)
  .add(FieldCommentsGroup)
  .add(VegetationGroup)
  .add(BoxesGroup)
  .add(OsmandGroup)
  .add(TelemetryGroup)
  .add(GeolocGroup)
  .add(ActivitiesGroup)
  .add(UsageGroup)
  .add(BookingUseGroup)
  .add(AnnouncementsGroup)
  .add(DashboardGroup)
  .add(CanbusGroup)
  .add(MaintenanceGroup)
  .annotate(OpenApi.Title, "Sillon API") {}

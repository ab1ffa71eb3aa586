import { Migrator } from "@effect/sql"
import users from "./0001_users"
import auth from "./0002_auth"
import clusters from "./0003_clusters"
import fleet from "./0004_fleet"
import verifiedEmails from "./0005_verified_emails"
import bookings from "./0006_bookings"
import addressProof from "./0007_address_proof"
import postgis from "./0008_postgis"
import idempotencyAndJobs from "./0009_idempotency_and_jobs"
import fields from "./0010_fields"
import fieldComments from "./0011_field_comments"
import vegetation from "./0012_vegetation"
import bookingFields from "./0013_booking_fields"
import telemetry from "./0014_telemetry"
import telemetryReads from "./0015_telemetry_reads"
import ingest from "./0016_ingest"
import fieldBoxes from "./0017_field_boxes"
import productTypes from "./0018_product_types"
import activities from "./0019_activities"
import bleTagHoldings from "./0020_ble_tag_holdings"
import activityEdits from "./0021_activity_edits"
import activityDisputes from "./0022_activity_disputes"
import activityConfirmations from "./0023_activity_confirmations"
import activityListCorrections from "./0024_activity_list_corrections"
import activitySplits from "./0025_activity_splits"
import activityNotifications from "./0026_activity_notifications"
import announcements from "./0027_announcements"
import rollups from "./0028_rollups"
import canConfigs from "./0029_can_configs"
import weekBins from "./0030_week_bins"
import maintenance from "./0031_maintenance"
import maintenanceAlerts from "./0032_maintenance_alerts"

/** Every migration, by `<id>_<name>`; the same list runs on PGlite and on PostgreSQL. */
export const migrations = Migrator.fromRecord({
  "0001_users": users,
  "0002_auth": auth,
  "0003_clusters": clusters,
  "0004_fleet": fleet,
  "0005_verified_emails": verifiedEmails,
  "0006_bookings": bookings,
  "0007_address_proof": addressProof,
  "0008_postgis": postgis,
  "0009_idempotency_and_jobs": idempotencyAndJobs,
  "0010_fields": fields,
  "0011_field_comments": fieldComments,
  "0012_vegetation": vegetation,
  "0013_booking_fields": bookingFields,
  "0014_telemetry": telemetry,
  "0015_telemetry_reads": telemetryReads,
  "0016_ingest": ingest,
  "0017_field_boxes": fieldBoxes,
  "0018_product_types": productTypes,
  "0019_activities": activities,
  "0020_ble_tag_holdings": bleTagHoldings,
  "0021_activity_edits": activityEdits,
  "0022_activity_disputes": activityDisputes,
  "0023_activity_confirmations": activityConfirmations,
  "0024_activity_list_corrections": activityListCorrections,
  "0025_activity_splits": activitySplits,
  "0026_activity_notifications": activityNotifications,
  "0027_announcements": announcements,
  "0028_rollups": rollups,
  "0029_can_configs": canConfigs,
  "0030_week_bins": weekBins,
  "0031_maintenance": maintenance,
  "0032_maintenance_alerts": maintenanceAlerts,
})

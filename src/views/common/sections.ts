import type { SectionTab } from "./Section"

/** Sub-screens of each section (SPEC §2), in menu order. An empty path is the section's own page. */
export const sectionTabs = {
  machine: [
    { path: "activities", screen: "machineActivities" },
    { path: "usages", screen: "machineUsages" },
    { path: "analyses", screen: "machineAnalyses" },
    { path: "work_order", screen: "machineWorkOrder" },
    { path: "assignments", screen: "machineAssignments" },
    { path: "dashboard", screen: "machineDashboard" },
  ],
  field: [
    { path: "activities", screen: "fieldActivities" },
    { path: "analyses", screen: "fieldAnalyses" },
  ],
  cluster: [
    { path: "", screen: "cluster" },
    { path: "ClustersMachines", screen: "clustersMachines" },
    { path: "ClusterUsers", screen: "clusterUsers" },
    { path: "ClustersRights", screen: "clustersRights" },
  ],
  maintenance: [
    { path: "dashboard", screen: "maintenanceDashboard" },
    { path: "machines", screen: "maintenanceMachines" },
    { path: "rules", screen: "maintenanceRules" },
  ],
  reporting: [
    { path: "areas", screen: "reportingAreas" },
    { path: "machines", screen: "reportingMachines" },
    { path: "activities", screen: "reportingActivities" },
  ],
  machinesManagement: [
    { path: "", screen: "machinesManagementIndex" },
    { path: "paramMaintenance", screen: "paramMaintenance" },
    { path: "actionsMaintenance", screen: "actionsMaintenance" },
  ],
  counter: [
    { path: "", screen: "counter" },
    { path: "Association", screen: "counterAssociation" },
  ],
  admin: [
    { path: "users", screen: "adminUsers" },
    { path: "counters", screen: "adminCounters" },
    { path: "counters-attributions", screen: "adminCountersAttributions" },
    { path: "tags-attributions", screen: "adminTagsAttributions" },
    { path: "counterdata", screen: "adminCounterdata" },
  ],
} as const satisfies Record<string, ReadonlyArray<SectionTab>>

import type { ClusterFormValues } from "../../machines/membership/clusterForm"
import { type Cluster, type ClusterKind, type ClusterType, clusterKinds } from "../../schema/cluster"

/** The structure form's fields, as typed. */
export interface ClusterValues {
  readonly name: string
  readonly type: ClusterType
  readonly kind: ClusterKind
  readonly vatNumber: string
  readonly description: string
  readonly street: string
  readonly complement: string
  readonly postalCode: string
  readonly city: string
  readonly country: string
}

export const emptyCluster: ClusterValues = {
  name: "",
  type: "enterprise",
  kind: "farm",
  vatNumber: "",
  description: "",
  street: "",
  complement: "",
  postalCode: "",
  city: "",
  country: "France",
}

export const valuesOf = (cluster: Cluster | null): ClusterValues =>
  cluster === null
    ? emptyCluster
    : {
        name: cluster.name,
        type: cluster.type,
        kind: cluster.kind,
        vatNumber: cluster.vatNumber ?? "",
        description: cluster.description ?? "",
        street: cluster.address.street,
        complement: cluster.address.complement ?? "",
        postalCode: cluster.address.postalCode,
        city: cluster.address.city,
        country: cluster.address.country,
      }

/** A new type brings its own kinds: keep the kind if it still belongs, else take the first. */
export const withType = (values: ClusterValues, type: ClusterType): ClusterValues => {
  const kinds = clusterKinds[type] as ReadonlyArray<ClusterKind>
  return { ...values, type, kind: kinds.includes(values.kind) ? values.kind : (kinds[0] as ClusterKind) }
}

const orNull = (text: string) => (text.trim() === "" ? null : text)

export const toInput = (v: ClusterValues): ClusterFormValues => ({
  name: v.name,
  type: v.type,
  kind: v.kind,
  vatNumber: orNull(v.vatNumber),
  description: orNull(v.description),
  address: {
    street: v.street,
    complement: orNull(v.complement),
    postalCode: v.postalCode,
    city: v.city,
    country: v.country,
  },
})

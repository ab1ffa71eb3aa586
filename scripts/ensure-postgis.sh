#!/usr/bin/env bash
# The API tests run against the PostgreSQL server of TEST_DATABASE_URL, whose databases need
# PostGIS: install Debian's package for the local PostgreSQL 15 when it is missing (needs root and
# apt). A server elsewhere must have PostGIS installed by its administrator.
set -euo pipefail
version="${POSTGIS_PG_VERSION:-15}"
if [ -f "/usr/share/postgresql/${version}/extension/postgis.control" ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "PostGIS is missing: run 'sudo apt-get install -y postgresql-${version}-postgis-3'." >&2
  exit 1
fi
echo "Installing PostGIS from Debian's packages for PostgreSQL ${version}…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "postgresql-${version}-postgis-3" >/dev/null

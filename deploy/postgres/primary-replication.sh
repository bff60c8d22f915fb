#!/bin/bash
# Runs once, when the primary's data volume is first initialised (docker-entrypoint-initdb.d): the
# role the reports' streaming replica connects as, and the pg_hba line that lets it stream WAL.
# On a primary that already has data, run the same two steps by hand (docs/deploy.md).
set -euo pipefail
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v password="$REPLICATION_PASSWORD" <<'SQL'
CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD :'password';
SQL
echo 'host replication replicator all scram-sha-256' >>"$PGDATA/pg_hba.conf"

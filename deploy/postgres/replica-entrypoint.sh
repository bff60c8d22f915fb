#!/bin/bash
# The reports' streaming replica (docker-compose.replicas.yml). First start: an empty volume is
# cloned from the primary with pg_basebackup and marked a standby; every start: a hot standby that
# replays the primary's WAL as it streams in. Remove its volume to clone it afresh (after it fell
# further behind than the primary's wal_keep_size, say).
set -euo pipefail
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until pg_isready --host=postgres --port=5432 --quiet; do sleep 1; done
  PGPASSWORD="$REPLICATION_PASSWORD" pg_basebackup --host=postgres --port=5432 --username=replicator \
    --pgdata="$PGDATA" --wal-method=stream --checkpoint=fast --progress
  touch "$PGDATA/standby.signal"
  printf "primary_conninfo = 'host=postgres port=5432 user=replicator password=%s application_name=reports_replica'\n" \
    "$REPLICATION_PASSWORD" >>"$PGDATA/postgresql.auto.conf"
fi
# Long report queries are not cancelled by the primary's vacuum (the primary keeps the rows they
# still need a little longer); a query cancelled anyway is answered from the primary.
exec postgres -c hot_standby_feedback=on

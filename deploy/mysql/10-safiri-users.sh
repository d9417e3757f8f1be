# Creates the two database users of the Safiri compose stack. The mysql image sources this file once, when it
# initialises an empty data directory (/docker-entrypoint-initdb.d; keep it not executable, so it is sourced and
# docker_process_sql is defined). The passwords come from Docker secrets, never from this file.
#   safiri_migrate: DDL on the safiri database, for `migrate` (migrations, reference data).
#   safiri_app:     rows only, for the gateway, the subgraphs and the worker. GET_LOCK needs no grant; SELECT ... FOR
#                   UPDATE needs UPDATE, which the app has. test/e2e/restricted-db-user.e2e.test.ts runs the app with
#                   exactly the GRANT lines below.

sql_string() {
  # A single-quoted SQL literal: quotes doubled, backslashes doubled (MySQL reads them as escapes).
  printf "'%s'" "$(printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e "s/'/''/g")"
}

app_password="$(sql_string "$(cat /run/secrets/db_app_password)")"
migrate_password="$(sql_string "$(cat /run/secrets/db_migrate_password)")"

docker_process_sql --database=mysql <<SQL
CREATE USER IF NOT EXISTS 'safiri_migrate'@'%' IDENTIFIED BY ${migrate_password};
CREATE USER IF NOT EXISTS 'safiri_app'@'%' IDENTIFIED BY ${app_password};
GRANT SELECT, INSERT, UPDATE, DELETE, CREATE, ALTER, DROP, INDEX, REFERENCES ON safiri.* TO 'safiri_migrate'@'%';
GRANT SELECT, INSERT, UPDATE, DELETE ON safiri.* TO 'safiri_app'@'%';
FLUSH PRIVILEGES;
SQL

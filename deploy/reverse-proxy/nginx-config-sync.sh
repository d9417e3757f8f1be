#!/bin/sh
# Keeps an nginx host's tenant server blocks in step with the reverse-proxy repository the admin replicas push to
# (REVERSE_PROXY_REMOTE). Run it every minute from cron, or in a loop in a sidecar beside nginx (docs/operating.md,
# "Reverse proxy on several hosts"). Each run: clone or fetch; when the branch moved, check out the new commit,
# `nginx -t`, and reload; when nginx refuses the new configuration, go back to the commit that was loaded and exit 1.
#
#   REVERSE_PROXY_REMOTE         the repository to follow (required)
#   TENANT_REPO                  the local clone nginx includes <clone>/tenants/*.conf from (required)
#   REVERSE_PROXY_REMOTE_BRANCH  the branch (default main)
#   NGINX                        the nginx command, with options such as -c (default nginx)
set -eu

: "${REVERSE_PROXY_REMOTE:?set REVERSE_PROXY_REMOTE to the repository to follow}"
: "${TENANT_REPO:?set TENANT_REPO to the local clone nginx includes}"
BRANCH=${REVERSE_PROXY_REMOTE_BRANCH:-main}
NGINX=${NGINX:-nginx}

if [ ! -d "$TENANT_REPO/.git" ]; then
  git clone -q --branch "$BRANCH" "$REVERSE_PROXY_REMOTE" "$TENANT_REPO"
  loaded=
else
  loaded=$(git -C "$TENANT_REPO" rev-parse HEAD)
  git -C "$TENANT_REPO" fetch -q origin "$BRANCH"
  latest=$(git -C "$TENANT_REPO" rev-parse FETCH_HEAD)
  [ "$loaded" = "$latest" ] && exit 0
  git -C "$TENANT_REPO" reset -q --hard "$latest"
fi

now=$(git -C "$TENANT_REPO" rev-parse --short HEAD)
# $NGINX is split into words on purpose: it may carry options.
# shellcheck disable=SC2086
if $NGINX -t -q; then
  $NGINX -s reload
  echo "nginx-config-sync: reloaded at $now"
else
  if [ -n "$loaded" ]; then git -C "$TENANT_REPO" reset -q --hard "$loaded"; fi
  echo "nginx-config-sync: nginx -t refused $now; kept ${loaded:-nothing}" >&2
  exit 1
fi

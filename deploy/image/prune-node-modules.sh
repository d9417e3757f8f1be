#!/bin/sh
# Deletes from the production node_modules ($1) what Node never loads at run time. The Dockerfile's deps stage runs it
# after `npm ci --omit=dev`; test/deploy/runtime-image.test.ts runs it on the same tree and then loads every runtime
# module and starts a role from it, which is the proof that nothing needed went.
set -eu
modules=$1
# The lock marks typescript devOptional (an optional peer of valibot, which Bull Board uses, met by our own dev
# dependency), and `npm ci --omit=dev` keeps devOptional packages. valibot only names it for its types.
rm -rf "$modules/typescript" "$modules/.bin/tsc" "$modules/.bin/tsserver"
# Type declarations and the source maps of scripts and declarations (about half the tree): nothing runs with
# --enable-source-maps, and require() never reads a .d.ts. Other files named *.map could be data, so they stay.
find "$modules" -type f \( -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' \
  -o -name '*.js.map' -o -name '*.mjs.map' -o -name '*.cjs.map' -o -name '*.ts.map' -o -name '*.mts.map' -o -name '*.cts.map' \) -delete

#!/bin/sh
# Lays the code of a runtime image out in the folder $1: what `node dist/bin/start.js <role>`, the migrations and the
# operator CLIs (accounts, keys, notifications, queues; directly or through `npm run`) read, and nothing else: no tests,
# bench, examples or source maps (tsconfig.runtime.json), no repository-writing tools (schema, openapi, codegen).
# Run from the project root after `npm ci`. The Dockerfile's build stage runs it, and test/deploy/runtime-image.test.ts
# runs it into a temporary folder and starts a role from there, so the image and the test lay out the same tree.
set -eu
target=$1
mkdir -p "$target/bin" "$target/schema/federation"
npx tsc -p tsconfig.runtime.json --outDir "$target/dist"
# npm run accounts|keys|migrate|... go through bin/built.cjs, which needs package.json and the build stamp.
cp package.json "$target/"
cp bin/built.cjs "$target/bin/"
# Read at run time: the REST layer's API schema and the gateway's supergraph (the other schema files are for clients).
cp schema/client.graphql "$target/schema/"
cp schema/federation/supergraph.graphql "$target/schema/federation/"
node "$target/bin/built.cjs" stamp

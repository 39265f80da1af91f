#!/usr/bin/env bash
# Build release archives locally with GoReleaser (pinned in tools/release),
# without publishing: dist/ gets one archive per platform and checksums.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
exec go tool -modfile=tools/release/go.mod goreleaser release --snapshot --clean "$@"

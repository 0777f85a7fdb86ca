#!/usr/bin/env bash
# Installs the programs the tests call when they are missing (Debian's packages, as root):
# Chromium's headless build for the end-to-end tests, xmllint (libxml2-utils) for the SEPA schema checks.
# usage: scripts/ensure-tools.sh chromium-headless-shell|xmllint ...
set -euo pipefail
declare -A package=([chromium-headless-shell]=chromium-headless-shell [xmllint]=libxml2-utils)
missing=()
for tool in "$@"; do
  command -v "$tool" >/dev/null || missing+=("${package[$tool]}")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "installing Debian's ${missing[*]}…" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "The tests need ${missing[*]} (Debian: sudo apt-get install ${missing[*]})." >&2
  exit 1
fi

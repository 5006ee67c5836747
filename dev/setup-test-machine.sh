#!/usr/bin/env bash
# What the tests need of the machine besides node_modules, installed when it is missing: one script
# for `npm test`, `npm run test:unit` and .ci/run, so that a newcomer's first `npm test` sets the
# machine up (or says how) instead of failing browser tests. When everything is there it only
# looks at a few files: no apt-get.
#
#   bash dev/setup-test-machine.sh [need ...]      (no need named: chromium postgresql, for `npm test`)
#
#   chromium                 Chromium at $CHROMIUM_PATH (/usr/bin/chromium): the browser tests
#   postgresql               PostgreSQL's server binaries, $POSTGRES_ROOT/<version>/bin
#                            (/usr/lib/postgresql): the tests that start a throwaway cluster
#   nginx                    nginx at $NGINX (/usr/sbin/nginx): `npm run test:cluster`
#   chromium-headless-shell  the browser tests' lighter Chromium (tests/support/chromium.ts);
#                            optional: tried, and the tests run the full browser without it
#
# What is missing is installed with apt-get: as root, or through sudo when sudo needs no
# password. Otherwise the script stops with exit code 1 and the one command to run, before any
# test starts.
set -euo pipefail

chromium_path=${CHROMIUM_PATH:-/usr/bin/chromium}
postgres_root=${POSTGRES_ROOT:-/usr/lib/postgresql}
nginx_path=${NGINX:-/usr/sbin/nginx}
headless_shell_path=/usr/bin/chromium-headless-shell

needs=("$@")
[ ${#needs[@]} -gt 0 ] || needs=(chromium postgresql)

present() {
  case $1 in
    chromium) [ -x "$chromium_path" ] ;;
    postgresql) compgen -G "$postgres_root/*/bin/initdb" >/dev/null ;;
    nginx) [ -x "$nginx_path" ] ;;
    chromium-headless-shell) [ -x "$headless_shell_path" ] ;;
    *)
      echo "Unknown need \"$1\": chromium, postgresql, nginx or chromium-headless-shell." >&2
      exit 2
      ;;
  esac
}

describe() {
  case $1 in
    chromium) echo "Chromium ($chromium_path)" ;;
    postgresql) echo "PostgreSQL's server binaries ($postgres_root/<version>/bin)" ;;
    nginx) echo "nginx ($nginx_path)" ;;
  esac
}

missing=()
optional=()
for need in "${needs[@]}"; do
  present "$need" && continue
  if [ "$need" = chromium-headless-shell ]; then optional+=("$need"); else missing+=("$need"); fi
done
[ ${#missing[@]} -gt 0 ] || [ ${#optional[@]} -gt 0 ] || exit 0

# Stops before any test: what is missing, why it was not installed, and the command that does it.
stop() {
  local what="" need
  for need in "${missing[@]}"; do what+="${what:+, }$(describe "$need")"; done
  {
    echo "The tests need what this machine lacks: $what."
    if command -v apt-get >/dev/null; then
      echo "$1 Install with this command, then run the tests again:"
      echo
      echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}"
      echo
    else
      echo "$1 Install with the system's package manager (or set CHROMIUM_PATH, POSTGRES_ROOT, NGINX to where it is), then run the tests again."
    fi
  } >&2
  exit 1
}
# The optional browser, not installed: said, and the tests go on.
without_headless_shell() {
  echo "chromium-headless-shell is not installed: the browser tests run $chromium_path." >&2
}

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
  as_root=(sudo)
else
  [ ${#missing[@]} -eq 0 ] || stop "Installing needs root, or sudo without a password."
  without_headless_shell
  exit 0
fi
if ! command -v apt-get >/dev/null; then
  [ ${#missing[@]} -eq 0 ] || stop "This script installs with apt-get, which is not here."
  without_headless_shell
  exit 0
fi

apt_install() {
  ${as_root[@]+"${as_root[@]}"} env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends "$@"
}
wanted=(${missing[@]+"${missing[@]}"} ${optional[@]+"${optional[@]}"})
echo "Installing what the tests need: ${wanted[*]}" >&2
${as_root[@]+"${as_root[@]}"} apt-get update -qq
if [ ${#missing[@]} -gt 0 ]; then apt_install "${missing[@]}"; fi
if [ ${#optional[@]} -gt 0 ] && ! apt_install "${optional[@]}"; then without_headless_shell; fi

# Installed is not enough: the tests look for these very paths.
for need in ${missing[@]+"${missing[@]}"}; do
  present "$need" || { missing=("$need") && stop "apt-get did not put $need where the tests look."; }
done

#!/usr/bin/env bash
# The whole test suite, on a fresh machine too: installs what is missing (npm packages, Debian's chromium),
# starts the local PostgreSQL when it is down, then runs lint, the import-cycle check, typecheck, unit tests, API integration tests
# on PGlite and on PostgreSQL, the Playwright journeys in Chromium, and two production instances on one
# PostgreSQL behind a round-robin proxy (two lanes in parallel, below). Ends with "N passed, N failed, N skipped".
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
export CI="${CI:-}"
RESULTS=test-results
rm -rf "$RESULTS" && mkdir -p "$RESULTS"
failures=()
step() { echo; echo "══ $*"; }
SUDO=""; [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null && SUDO="sudo"

step "Dependencias npm"
lockhash=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f node_modules/.install-stamp ] || [ "$(cat node_modules/.install-stamp)" != "$lockhash" ]; then
  # npm install, not npm ci: this registry serves only this platform's optional packages, which npm ci counts as "out of sync".
  npm install --no-audit --no-fund || { echo "npm install falló"; exit 1; }
  echo "$lockhash" > node_modules/.install-stamp
fi
[ -f lib/db/generated/client.ts ] || npx prisma generate || exit 1

step "Chromium (Debian)"
# chromium-l10n: without its es.pak Chromium draws date and time inputs the en-US way (mm/dd/yyyy, AM/PM) whatever
# the page's locale; the journeys run it in Spanish (LANG in playwright.config.ts) as a Colombian agent's browser.
if [ ! -x /usr/bin/chromium ] || [ ! -f /usr/lib/chromium/locales/es.pak ]; then
  $SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q chromium chromium-l10n fonts-liberation || { echo "no se pudo instalar chromium"; exit 1; }
fi
/usr/bin/chromium --version || true

step "PostgreSQL en 127.0.0.1:5432"
if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  if ! command -v pg_ctlcluster >/dev/null; then
    $SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q postgresql
  fi
  $SUDO pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi
pg_isready -h 127.0.0.1 -p 5432 || { echo "PostgreSQL no responde en 127.0.0.1:5432"; exit 1; }

# Two lanes run side by side (2 cores: the browser lane mostly waits on pages and servers):
#   A: lint, import cycles, typecheck, unit, API on PGlite, API on PostgreSQL
#   B: production build, Playwright journeys, two instances on one PostgreSQL
# Each lane records its failed steps in a file; lane B's output is shown when both are done.
FAILS_A="$RESULTS/.fails-a"; FAILS_B="$RESULTS/.fails-b"; : > "$FAILS_A"; : > "$FAILS_B"
LANE_B_LOG="$RESULTS/lane-browser.log"

lane_browser() {
  step "Build de producción"
  if npx next build > "$RESULTS/next-build.log" 2>&1; then
    tail -5 "$RESULTS/next-build.log"
    step "Recorridos Playwright (Chromium)"
    PLAYWRIGHT_JSON_OUTPUT_NAME="$RESULTS/playwright.json" npx playwright test --reporter=list,json || echo "e2e" >> "$FAILS_B"
    step "Dos instancias sobre un PostgreSQL (build de producción, proxy round-robin, kill -9)"
    npx vitest run --project multi --reporter=default --reporter=json --outputFile="$RESULTS/vitest-multi-instance.json" || echo "multi-instance" >> "$FAILS_B"
  else
    tail -40 "$RESULTS/next-build.log"
    echo "build" >> "$FAILS_B"
  fi
}

lane_checks() {
  step "Lint"
  npx eslint . --max-warnings=0 || echo "lint" >> "$FAILS_A"

  step "Sin ciclos de importación"
  node scripts/check-cycles.mjs || echo "import-cycles" >> "$FAILS_A"

  step "Typecheck"
  npx tsc --noEmit || echo "typecheck" >> "$FAILS_A"

  step "Pruebas unitarias"
  npx vitest run --project unit --reporter=default --reporter=json --outputFile="$RESULTS/vitest-unit.json" || echo "unit" >> "$FAILS_A"

  step "Pruebas de API sobre PGlite"
  TEST_DB=pglite npx vitest run --project api --reporter=default --reporter=json --outputFile="$RESULTS/vitest-api-pglite.json" || echo "api-pglite" >> "$FAILS_A"

  step "Pruebas de API sobre PostgreSQL"
  TEST_DB=postgres npx vitest run --project api --reporter=default --reporter=json --outputFile="$RESULTS/vitest-api-postgres.json" || echo "api-postgres" >> "$FAILS_A"

  step "Pagos con Wompi (falso) sobre PGlite y PostgreSQL"
  TEST_DB=pglite npx vitest run --project api-wompi --reporter=default --reporter=json --outputFile="$RESULTS/vitest-api-wompi-pglite.json" || echo "api-wompi-pglite" >> "$FAILS_A"
  TEST_DB=postgres npx vitest run --project api-wompi --reporter=default --reporter=json --outputFile="$RESULTS/vitest-api-wompi-postgres.json" || echo "api-wompi-postgres" >> "$FAILS_A"
}

SECONDS=0
lane_browser > "$LANE_B_LOG" 2>&1 &
lane_b_pid=$!
lane_checks
step "Esperando el carril del navegador (build, Playwright, dos instancias)"
wait "$lane_b_pid"
cat "$LANE_B_LOG"
echo; echo "Duración total de las pruebas: ${SECONDS} s"
while read -r f; do [ -n "$f" ] && failures+=("$f"); done < <(cat "$FAILS_A" "$FAILS_B")

step "Resumen"
node scripts/summarize-tests.mjs "$RESULTS" "${failures[*]:-}"

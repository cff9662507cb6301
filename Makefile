# Herald: everyday targets. `make demo` and `make test` work on a fresh Debian machine.
SWIFT ?= swift
# System packages the build, tests and benchmarks use (Debian names).
DEB_PACKAGES := python3
# APNs client and simulator, attachment downloads: OpenSSL, libcurl with HTTP/2, nghttp2 (and h2load for bench-apns).
DEB_PACKAGES += pkg-config libssl-dev libcurl4-openssl-dev libnghttp2-dev nghttp2-client curl python3-venv
HERALD := .build/debug/herald
HERALD_RELEASE := .build/release/herald

.PHONY: all deps pyenv build test check-apple demo bench bench-apns format lint-format clean

all: build

deps:
	@scripts/deps.sh $(DEB_PACKAGES)

build: deps
	$(SWIFT) build

# PyPI packages for the independent JWT check, in .build/pyvenv.
pyenv: deps
	@scripts/pyenv.sh PyJWT cryptography

test: build pyenv
	$(SWIFT) test
	@SWIFT=$(SWIFT) scripts/check-apple.sh

# Type-checks every Apple-only file on Linux against AppleStubs (test-only declarations),
# and proves that a type error put into any of them fails the check (scripts/check-apple.sh).
check-apple: deps
	@SWIFT=$(SWIFT) scripts/check-apple.sh

demo: build
	@scripts/demo.sh $(HERALD)

bench: deps
	$(SWIFT) build -c release
	@python3 Benchmarks/run_bench.py --herald $(HERALD_RELEASE) --report docs/benchmarks.md
	@python3 Benchmarks/nse_bench.py --herald $(HERALD_RELEASE) --report docs/benchmarks.md

# APNs client throughput: Herald against aioapns and h2load on herald apns-sim (loopback only).
bench-apns: deps
	$(SWIFT) build -c release
	@scripts/pyenv.sh PyJWT cryptography aioapns
	@.build/pyvenv/bin/python3 Benchmarks/apns_bench.py --herald $(HERALD_RELEASE) --report docs/benchmarks.md

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

lint-format:
	$(SWIFT) format lint --recursive Package.swift Sources Tests

clean:
	rm -rf .build

# Primer: `make site` builds the course into site/, `make test` runs every test.
SHELL := /bin/bash
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PACKAGES := libcmark-gfm-dev libcmark-gfm-extensions-dev libicu-dev pkg-config
PRIMER := .build/debug/primer

.PHONY: site check serve test bench clean deps bench-deps

# A debug build of primer: it builds in about a minute (a release build of swift-syntax takes
# several) and is fast enough for a course; `make bench` measures the release build.
site: deps
	$(SWIFT) build --product primer
	$(PRIMER) build

# Preview with live reload: http://127.0.0.1:8000/ (PORT=… to change).
serve: deps
	$(SWIFT) build --product primer
	$(PRIMER) serve --port $${PORT:-8000}

check: deps
	$(SWIFT) build --product primer
	$(PRIMER) check

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(SWIFT) run primer check
	$(SWIFT) run primer status --strict

bench: deps bench-deps
	$(SWIFT) build -c release --product primer
	Scripts/bench.sh
	Scripts/bench-samples.sh
	Scripts/bench-serve.sh

clean:
	rm -rf .build site .bench .primer-cache

# System packages the build needs, installed only when missing.
deps:
	@if ! pkg-config --exists libcmark-gfm icu-i18n 2>/dev/null || [ ! -f /usr/include/cmark-gfm-core-extensions.h ]; then \
		echo "Installing $(APT_PACKAGES)"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $(APT_PACKAGES); \
	fi

bench-deps:
	@command -v hyperfine >/dev/null || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq hyperfine; }
	@command -v wrk >/dev/null || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq wrk; }
	@command -v /usr/bin/time >/dev/null && /usr/bin/time -f %M true >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq time; }

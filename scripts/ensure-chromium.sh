#!/bin/sh
# Install Debian's chromium and chromium-driver when missing (the browser test needs them).
set -e
if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then
    exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then
    if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
        echo "chromium/chromium-driver missing and not root: the browser test will be skipped" >&2
        [ -n "${CI:-}" ] && exit 1  # in CI a skipped browser test would hide a failure
        exit 0
    fi
fi
echo "installing chromium and chromium-driver (Debian packages)..." >&2
$SUDO apt-get update -qq >/dev/null
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver >/dev/null

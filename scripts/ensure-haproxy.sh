#!/bin/sh
# Install Debian's haproxy when missing (`talkbase app --replicas N` puts it in front
# of the app processes; tests/test_serve.py needs it).
set -e
if command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ]; then
    exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then
    if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
        echo "haproxy missing and not root: the --replicas test will be skipped" >&2
        [ -n "${CI:-}" ] && exit 1  # in CI a skipped test would hide a failure
        exit 0
    fi
fi
echo "installing haproxy (Debian package)..." >&2
$SUDO apt-get update -qq >/dev/null
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq haproxy >/dev/null

"""The fleet's supervisor (`talkbase.proxy.Fleet`) with a real HAProxy in front of
stand-in replicas (a tiny HTTP server answering the health check; the warm-up
stubbed): HAProxy restarted when it dies, a frozen replica replaced, crash-looping
replicas retried and, when none can serve, the service ends with one sentence."""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from talkbase import proxy

HAPROXY = proxy.shutil.which("haproxy", path=os.pathsep.join([os.environ["PATH"], *proxy.SBIN]))
pytestmark = pytest.mark.skipif(HAPROXY is None, reason="needs haproxy: `make serve-deps`")

SERVER = """
import http.server, os, sys
if os.environ.get("CRASH"):
    sys.exit(3)
class H(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200); self.end_headers(); self.wfile.write(b"ok")
    def log_message(self, *a): pass
http.server.HTTPServer(("127.0.0.1", int(sys.argv[1])), H).serve_forever()
"""


def _fleet(monkeypatch: pytest.MonkeyPatch, env: dict[str, str]) -> tuple[proxy.Fleet, int]:
    monkeypatch.setattr(proxy, "warm_up", lambda urls, env, stopping: proxy.Warmth(True))
    monkeypatch.setattr(proxy, "BACKOFF_S", 0.2)
    monkeypatch.setattr(proxy, "RESTARTS", 2)
    port = proxy.free_ports(1)[0]
    assert HAPROXY
    fleet = proxy.Fleet(
        lambda p: [sys.executable, "-c", SERVER, str(p)], env, "127.0.0.1", port, 2, HAPROXY
    )
    return fleet, port


def _until(what, timeout: float) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if what():
            return True
        time.sleep(0.1)
    return False


def _answers(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as r:
            return bool(r.status == 200)
    except OSError:
        return False


def test_haproxy_restarted_and_a_frozen_replica_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    fleet, port = _fleet(monkeypatch, dict(os.environ))
    stopping = threading.Event()
    failed: list[BaseException] = []

    def run() -> None:
        try:
            fleet.run(stopping)
        except BaseException as exc:  # noqa: BLE001
            failed.append(exc)

    runner = threading.Thread(target=run)
    runner.start()
    try:
        assert _until(lambda: _answers(port), 30), failed
        assert fleet.proxy is not None and fleet.proxy.proc is not None
        os.kill(fleet.proxy.proc.pid, signal.SIGKILL)  # restarted, not the end
        time.sleep(proxy.PROXY_GRACE_S)
        assert _until(lambda: _answers(port), 20) and not failed, failed
        r1 = fleet.replicas[0]
        assert r1.proc is not None
        frozen = r1.proc.pid
        os.kill(frozen, signal.SIGSTOP)
        assert _until(lambda: r1.proc is not None and r1.proc.pid != frozen, 15)
        assert _until(lambda: r1.ready_since is not None, 15)
        assert all(_answers(port) for _ in range(5))
    finally:
        stopping.set()
        runner.join(30)
    assert not failed and not runner.is_alive()


def test_crash_looping_replicas_end_the_service_with_one_sentence(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    fleet, port = _fleet(monkeypatch, {**os.environ, "CRASH": "1"})
    t0 = time.monotonic()
    with pytest.raises(proxy.CannotServe) as err:
        fleet.run(threading.Event())
    assert time.monotonic() - t0 < 60
    said = err.value.sentence()
    assert f"no replica stays up on port {port}" in said and "exited with 3" in said, said
    assert "\n" not in said

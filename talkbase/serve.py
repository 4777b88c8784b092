"""`talkbase app`: the command line that serves the app, and starting it."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path


def app_command(address: str, port: int, watch_files: bool = True) -> list[str]:
    """The `streamlit run app.py` command line, for `talkbase app`, the browser
    tests and the benchmark alike."""
    app = Path(__file__).resolve().parent.parent / "app.py"
    cmd = [sys.executable, "-m", "streamlit", "run", str(app)]
    cmd += ["--server.address", address, "--server.port", str(port)]
    cmd += ["--server.headless", "true", "--browser.gatherUsageStats", "false"]
    cmd += ["--client.toolbarMode", "minimal"]
    if not watch_files:
        cmd += ["--server.fileWatcherType", "none"]
    return cmd


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of `talkbase app`."""
    p.add_argument("--port", type=int, default=8501)
    p.add_argument("--address", default="127.0.0.1")


def cmd_app(args: argparse.Namespace) -> int:
    cmd = app_command(args.address, args.port)
    env = dict(os.environ)
    if args.home:
        env["TALKBASE_HOME"] = str(args.home)
    return subprocess.call(cmd, env=env)

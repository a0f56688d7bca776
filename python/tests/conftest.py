"""The real service for the Python client's tests: ``npm run service -- --port 0`` in a temporary
data directory, started once per test session with a known sandbox secret."""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import signal
import subprocess
import tempfile
import urllib.request
from pathlib import Path
from typing import Any, Dict, Iterator, Optional, Sequence

import pytest

REPO = Path(__file__).resolve().parents[2]


class Service:
    def __init__(self, url: str, secret: str) -> None:
        self.url = url
        self.secret = secret

    def call(self, method: str, path: str, body: Optional[Dict[str, Any]] = None) -> Any:
        """A merchant call with the sandbox secret (sandbox controls, customers)."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.url + path,
            data=data,
            method=method,
            headers={"Authorization": f"Bearer {self.secret}", "Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read() or b"null")


@contextlib.contextmanager
def running_service(env: Dict[str, str], args: Sequence[str] = ()) -> Iterator[str]:
    """``npm run service -- --port 0`` in a fresh data directory, with ``env`` added to the
    environment and ``args`` to the command line; yields its URL and stops it after."""
    data_dir = tempfile.mkdtemp(prefix="agentpay-py-")
    # Node directly with tsx's loader (not the npm/tsx launchers), so terminating it stops the service.
    proc = subprocess.Popen(
        ["node", "--import", "tsx", "src/service/cli.ts", "--port", "0", "--data-dir", data_dir, *args],
        cwd=REPO,
        env={**os.environ, **env},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    url = None
    assert proc.stdout is not None
    for line in proc.stdout:
        match = re.search(r"service listening on (http://\S+)", line)
        if match:
            url = match.group(1)
            break
    if url is None:
        proc.kill()
        raise RuntimeError("the service did not start")
    try:
        yield url
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


@pytest.fixture(scope="session")
def service() -> Iterator[Service]:
    secret = "sk_sandbox_py_" + secrets.token_urlsafe(18)
    with running_service({"SERVICE_SANDBOX_SECRET": secret}) as url:
        yield Service(url, secret)

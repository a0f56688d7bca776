"""The Python and TypeScript clients share agents and contracts: what one creates, the other
reads; and the package installs with pip into a fresh virtual environment."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from agentpay import AgentPay

from .conftest import REPO, Service
from .keys import new_pem


def typescript(service: Service, pem: str, *args: str) -> Any:
    """Runs the TypeScript client (test/helpers/agent-cli.ts) and returns its JSON result."""
    result = subprocess.run(
        ["node", "--import", "tsx", "test/helpers/agent-cli.ts", service.url, *args],
        cwd=REPO,
        env={**os.environ, "SERVICE_API_KEY": service.secret, "AGENT_PRIVATE_KEY_PEM": pem},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)



def test_a_contract_created_in_python_is_read_by_typescript_and_the_reverse(
    service: Service,
) -> None:
    pem = new_pem()
    python = AgentPay(base_url=service.url, api_key=service.secret, private_key_pem=pem)
    agent = python.agent.register(name="Shared agent")

    made_in_python = python.contract.create(
        name="From Python",
        limits={
            "maxPerPayment": 10,
            "periodLimits": [{"amount": 30, "period": "DAY", "alignment": "ANCHORED"}],
            "validTo": "2099-01-01T00:00:00Z",
        },
    )
    seen_by_ts = typescript(service, pem, "get", agent["agentId"], made_in_python["contractId"])
    assert seen_by_ts["contractId"] == made_in_python["contractId"]
    assert seen_by_ts["name"] == "From Python"
    assert seen_by_ts["limits"]["periodLimits"] == [
        {"amount": 30, "period": "DAY", "alignment": "ANCHORED"}
    ]

    made_in_ts = typescript(service, pem, "create", agent["agentId"], "From TypeScript")
    seen_by_python = python.contract.get(made_in_ts["contractId"])
    assert seen_by_python["name"] == "From TypeScript"
    assert seen_by_python["limits"]["maxPerPayment"] == 25
    assert seen_by_python["status"] == "PENDING_AUTHORIZATION"

    # Registering the same key from TypeScript finds the same agent (idempotent per key).
    assert typescript(service, pem, "register", "Shared agent")["agentId"] == agent["agentId"]


def test_pip_installs_the_package_into_a_fresh_virtual_environment() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        venv = Path(tmp) / "venv"
        # Debian's cryptography comes from the system site packages; no registry is reachable,
        # so the build uses the setuptools already in the environment.
        subprocess.run(
            [sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True
        )
        pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "--no-build-isolation"]
        subprocess.run([*pip, str(REPO / "python")], check=True, timeout=300, cwd=tmp)
        shown = subprocess.run(
            [str(venv / "bin" / "python"), "-c", "import agentpay; print(agentpay.__version__)"],
            check=True,
            capture_output=True,
            text=True,
            cwd=tmp,
        )
        assert shown.stdout.strip() == "0.0.1"

"""The Python client against the published interface's Agent Pay table, in both environments:
every operation called with exactly the parameters the table lists (no extension field, no
approver), against the real service. A person approves: in the sandbox through the sandbox
control, in production on the authorization page with the code the service e-mails (a real SMTP
server on loopback, tests/mailbox.py) to one of the business's approvers (SEND) or to the
customer (COLLECT). test/service/agent-conformance.test.ts does the same for TypeScript."""

from __future__ import annotations

import http.cookiejar
import json
import secrets
import threading
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from typing import Any, Dict, Iterator, List, Optional, Tuple

import pytest

from agentpay import AgentPay, AgentPayError, Contract, Limits

from .conftest import running_service
from .keys import new_pem
from .mailbox import Mailbox

FINANCE = "finance@conformance.example"

# Limits exactly as the table lists them: maxPerPayment, periodLimits, validTo (required).
LIMITS: Limits = {
    "maxPerPayment": 25,
    "periodLimits": [
        {"amount": 50, "period": "DAY"},
        {"amount": 200, "period": "MONTH", "alignment": "ANCHORED"},
    ],
    "validTo": "2099-01-01T00:00:00Z",
}


@dataclass
class Env:
    name: str
    url: str
    key: str
    mailbox: Mailbox

    def call(self, method: str, path: str, body: Optional[Dict[str, Any]] = None) -> Any:
        """A merchant call with this environment's secret."""
        request = urllib.request.Request(
            self.url + path,
            data=None if body is None else json.dumps(body).encode(),
            method=method,
            headers={"Authorization": f"Bearer {self.key}", "Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read() or b"null")


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


class Browser:
    """A browser without JavaScript on the hosted pages: its cookies kept, redirects not followed."""

    def __init__(self) -> None:
        self._open = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), _NoRedirect()
        ).open

    def post(self, url: str, fields: Dict[str, str]) -> Tuple[int, str]:
        """Posts a form; answers the status and the Location (or the page)."""
        data = urllib.parse.urlencode(fields).encode()
        try:
            with self._open(urllib.request.Request(url, data=data), timeout=30) as response:
                return int(response.status), response.read().decode()
        except urllib.error.HTTPError as error:
            return int(error.code), error.headers.get("Location") or error.read().decode()


@pytest.fixture(scope="module")
def services() -> Iterator[Dict[str, Env]]:
    mailbox = Mailbox()
    keys = {
        "sandbox": "sk_sandbox_conf_" + secrets.token_urlsafe(12),
        "production": "sk_live_conf_" + secrets.token_urlsafe(12),
    }
    environment = {
        "SERVICE_SANDBOX_SECRET": keys["sandbox"],
        "SERVICE_PRODUCTION_SECRET": keys["production"],
        "SERVICE_AGENT_APPROVERS": "",
    }
    try:
        with running_service(environment, ["--smtp-url", mailbox.url]) as url:
            envs = {name: Env(name, url, key, mailbox) for name, key in keys.items()}
            # The business's approver of production SEND contracts, as in its Settings.
            envs["production"].call("PUT", "/api/merchant/approvers", {"approvers": [{"email": FINANCE}]})
            yield envs
    finally:
        mailbox.close()


def decide(env: Env, contract: Contract, decision: str, to: str) -> None:
    """The person's decision: the sandbox control, or the page with the mailed code."""
    if env.name == "sandbox":
        env.call("POST", f"/api/sandbox/contracts/{contract['contractId']}/authorize", {"decision": decision})
        return
    url = contract.get("authorizationUrl", "")
    browser = Browser()
    if decision == "DECLINE":
        assert browser.post(url, {"decision": decision})[0] == 200
        return
    before = len(env.mailbox.received)
    assert browser.post(f"{url}/code", {})[0] == 303
    code = env.mailbox.code_for(to, after=before)
    if contract["type"] == "SEND":
        assert browser.post(url, {"decision": decision, "code": code})[0] == 200
        return
    # COLLECT: the code first; then the customer adds a card (3D Secure) and approves with it.
    assert browser.post(f"{url}/verify", {"code": code})[0] == 303
    status, challenge = browser.post(
        f"{url}/card",
        {"name": "Pat Conformance", "number": "4242 4242 4242 4242", "expiry": "12/39", "cvc": "123"},
    )
    assert status == 303, challenge
    status, back = browser.post(urllib.parse.urljoin(env.url, challenge), {"decision": "complete"})
    assert status == 303
    method = urllib.parse.parse_qs(urllib.parse.urlparse(back).query)["paymentMethodId"][0]
    assert browser.post(url, {"decision": decision, "paymentMethodId": method})[0] == 200


def await_in_background(client: AgentPay, contract_id: str) -> Tuple[threading.Thread, List[Any]]:
    """contract.await_active in a thread, while the person decides; the outcome lands in the list."""
    outcome: List[Any] = []

    def run() -> None:
        try:
            outcome.append(client.contract.await_active(contract_id, timeout_ms=20_000))
        except AgentPayError as error:
            outcome.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    return thread, outcome


@pytest.mark.parametrize("name", ["sandbox", "production"])
def test_every_operation_of_the_table(services: Dict[str, Env], name: str) -> None:
    env = services[name]
    client = AgentPay(base_url=env.url, api_key=env.key, private_key_pem=new_pem())

    # agent.register (name, description), agent.me, agent.list
    agent = client.agent.register(name="Conformance bot", description="Calls every operation")
    assert agent["environment"] == name
    assert agent.get("description") == "Calls every operation"
    assert "BEGIN PUBLIC KEY" in agent.get("publicKeyPem", "")
    me = client.agent.me()
    assert me["agentId"] == agent["agentId"] and me.get("status") == "ACTIVE"
    listed = client.agent.list()
    assert agent["agentId"] in [a["agentId"] for a in listed["data"]]

    customer_email = f"pat.{name}@conformance.example"
    customer = env.call("POST", "/api/customers", {"fullName": "Pat Conformance", "email": customer_email})
    if name == "sandbox":
        env.call("POST", f"/api/sandbox/customers/{customer['id']}/cards", {"number": "4242424242424242"})

    # contract.create SEND (name, type, description, limits with currency and validFrom)
    full: Limits = {
        "maxPerPayment": LIMITS["maxPerPayment"],
        "periodLimits": LIMITS["periodLimits"],
        "validTo": LIMITS["validTo"],
        "currency": "GBP",
        "validFrom": "2026-01-01T00:00:00Z",
    }
    send = client.contract.create(
        name="Office supplies", type="SEND", description="Paper and toner", limits=full
    )
    assert send["status"] == "PENDING_AUTHORIZATION" and send["type"] == "SEND"
    assert "/agents/authorize/" in send.get("authorizationUrl", "")
    # contract.create COLLECT (name, type, serviceCustomerId, limits)
    collect = client.contract.create(
        name="Gym membership", type="COLLECT", service_customer_id=customer["id"], limits=LIMITS
    )
    assert collect["status"] == "PENDING_AUTHORIZATION"
    assert collect.get("serviceCustomerId") == customer["id"]

    # contract.awaitActive: approved
    for contract, to in ((send, FINANCE), (collect, customer_email)):
        thread, outcome = await_in_background(client, contract["contractId"])
        decide(env, contract, "APPROVE", to)
        thread.join()
        assert isinstance(outcome[0], dict) and outcome[0]["status"] == "ACTIVE", outcome

    # contract.awaitActive: declined, timed out
    declined = client.contract.create(name="Declined", limits=LIMITS)
    thread, outcome = await_in_background(client, declined["contractId"])
    decide(env, declined, "DECLINE", FINANCE)
    thread.join()
    assert isinstance(outcome[0], AgentPayError) and outcome[0].code == "AUTHORIZATION_FAILED"
    waiting = client.contract.create(name="Waiting", limits=LIMITS)
    with pytest.raises(AgentPayError) as timed_out:
        client.contract.await_active(waiting["contractId"], timeout_ms=300)
    assert timed_out.value.code == "AUTHORIZATION_TIMEOUT"

    # contract.get with live usage
    client.contract.send(
        send["contractId"],
        amount=10,
        payee={"name": "Paper Co", "sortCode": "12-34-56", "accountNumber": "12345678"},
        reference="CONFORM-1",
    )
    read = client.contract.get(send["contractId"])
    assert "authorizationUrl" not in read
    usage = read.get("usage", [])
    assert [(u["period"], u["cap"], u["usedThisPeriod"] + u["reserved"]) for u in usage] == [
        ("DAY", 50, 10),
        ("MONTH", 200, 10),
    ]
    assert all(u["remaining"] == u["cap"] - u["usedThisPeriod"] - u["reserved"] for u in usage)

    # contract.list and listAll with the type filter
    sends = client.contract.list(type="SEND")
    assert sends["totalCount"] == 3 and all(c["type"] == "SEND" for c in sends["data"])
    collects = client.contract.list_all(type="COLLECT")
    assert [c["contractId"] for c in collects] == [collect["contractId"]]
    assert collects[0]["status"] == "ACTIVE"
    assert collects[0].get("linkedMethod", {}).get("lastFourDigits") == "4242"

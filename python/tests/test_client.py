"""Every operation of the Python client against the real service, with each key supply."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Dict, List, Optional

import pytest
from cryptography.hazmat.primitives.asymmetric import ec

from agentpay import AgentPay, AgentPayError, Approver, LineItem, Limits, signing

from .conftest import Service
from .keys import new_pem


APPROVER: Approver = {"email": "finance@example.com"}


def limits(**over: Any) -> Limits:
    base: Dict[str, Any] = {
        "maxPerPayment": 50,
        "periodLimits": [{"amount": 100, "period": "DAY"}, {"amount": 400, "period": "MONTH"}],
        "validTo": "2099-01-01T00:00:00Z",
    }
    base.update(over)
    return base  # type: ignore[return-value]


def registered(service: Service, name: str = "Py agent") -> AgentPay:
    client = AgentPay(base_url=service.url, api_key=service.secret, private_key_pem=new_pem())
    client.agent.register(name=name)
    return client


def authorize(service: Service, contract_id: str, decision: str = "APPROVE") -> None:
    service.call("POST", f"/api/sandbox/contracts/{contract_id}/authorize", {"decision": decision})


def test_supply_a_api_key_from_the_environment(service: Service, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SERVICE_API_KEY", service.secret)
    client = AgentPay(base_url=service.url, private_key_pem=new_pem())
    agent = client.agent.register(name="Env agent", description="from SERVICE_API_KEY")
    assert agent["environment"] == "sandbox"
    assert agent["name"] == "Env agent"
    assert "BEGIN PUBLIC KEY" in agent.get("publicKeyPem", "")
    assert client.agent_id == agent["agentId"]
    me = client.agent.me()
    assert me["agentId"] == agent["agentId"]
    assert me.get("status") == "ACTIVE"


def test_supply_b_explicit_api_key_and_pem(service: Service) -> None:
    pem = new_pem()
    client = AgentPay(base_url=service.url, api_key=service.secret, private_key_pem=pem)
    first = client.agent.register(name="Explicit agent")
    # Idempotent for the same key; a changed description is saved.
    again = AgentPay(base_url=service.url, api_key=service.secret, private_key_pem=pem)
    second = again.agent.register(name="Explicit agent", description="now described")
    assert second["agentId"] == first["agentId"]
    assert again.agent.me().get("description") == "now described"


def test_supply_c_custom_signer_registers_its_public_key(service: Service) -> None:
    key = ec.generate_private_key(ec.SECP256R1())
    inner = signing.key_signer(key)
    seen: list[tuple[str, Optional[str]]] = []

    def kms(subject: str, kid: Optional[str]) -> str:
        seen.append((subject, kid))
        return inner(subject, kid)

    client = AgentPay(base_url=service.url, api_key=service.secret, signer=kms, kid="kms-key-1")
    with pytest.raises(AgentPayError) as no_key:
        client.agent.register(name="KMS agent")
    assert no_key.value.code == "NO_KEY"
    agent = client.agent.register(name="KMS agent", public_key_pem=signing.public_key_pem(key))
    assert client.agent.me()["agentId"] == agent["agentId"]
    assert seen and all(kid == "kms-key-1" for _, kid in seen)
    assert seen[-1][0].startswith("AGENTPAY-SIG-V1\nGET\n/api/agents/me\n")


def test_another_key_for_the_same_agent_is_rejected(service: Service) -> None:
    owner = registered(service)
    thief = AgentPay(
        base_url=service.url, api_key=service.secret, private_key_pem=new_pem(), agent_id=owner.agent_id
    )
    with pytest.raises(AgentPayError) as refused:
        thief.agent.register(name="Py agent")
    assert refused.value.status == 409
    assert refused.value.code == "CONFLICT"
    with pytest.raises(AgentPayError) as me:
        thief.agent.me()
    assert me.value.code == "UNAUTHORIZED"


def test_list_takes_the_api_key_alone(service: Service) -> None:
    client = registered(service, "Listed agent")
    unsigned = AgentPay(base_url=service.url, api_key=service.secret)
    page = unsigned.agent.list(size=100)
    assert any(a["agentId"] == client.agent_id for a in page["data"])
    assert page["page"] == 0 and page["totalCount"] >= 1
    with pytest.raises(AgentPayError) as bad:
        AgentPay(base_url=service.url, api_key="sk_sandbox_wrong").agent.list()
    assert bad.value.code == "UNAUTHORIZED" and bad.value.status == 401


def test_no_api_key_and_not_registered(service: Service, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SERVICE_API_KEY", raising=False)
    with pytest.raises(AgentPayError) as no_key:
        AgentPay(base_url=service.url, private_key_pem=new_pem(), agent_id="agt_x").agent.me()
    assert no_key.value.code == "NO_API_KEY"
    with pytest.raises(AgentPayError) as unregistered:
        AgentPay(base_url=service.url, api_key=service.secret, private_key_pem=new_pem()).agent.me()
    assert unregistered.value.code == "NOT_REGISTERED"


def test_contract_lifecycle_create_get_list_update(service: Service) -> None:
    client = registered(service)
    created = client.contract.create(name="Supplies", limits=limits())
    assert created["status"] == "PENDING_AUTHORIZATION"
    assert created["type"] == "SEND"
    assert created.get("authorizationUrl", "").startswith("http")
    assert "approver" not in created  # the service chooses, on the page
    assert created["limits"]["currency"] == "GBP"

    authorize(service, created["contractId"])
    active = client.contract.await_active(created["contractId"], timeout_ms=10_000)
    assert active["status"] == "ACTIVE"
    usage = {u["period"]: u for u in active.get("usage", [])}
    assert usage["DAY"]["cap"] == 100 and usage["DAY"]["remaining"] == 100

    payment = client.contract.send(
        created["contractId"],
        amount=20,
        payee={"name": "Acme Supplies", "sortCode": "12-34-56", "accountNumber": "12345678"},
        reference="INV-1",
    )
    assert payment["status"] in ("PENDING", "COMPLETED")
    after = client.contract.get(created["contractId"])
    day = next(u for u in after.get("usage", []) if u["period"] == "DAY")
    assert day["usedThisPeriod"] + day["reserved"] == 20
    assert day["remaining"] == day["cap"] - day["usedThisPeriod"] - day["reserved"]
    assert client.contract.payment(payment["paymentId"])["amount"] == 20
    assert client.contract.payments(created["contractId"])["totalCount"] == 1

    with pytest.raises(AgentPayError) as over_cap:
        client.contract.send(
            created["contractId"],
            amount=51,
            payee={"name": "Acme", "sortCode": "123456", "accountNumber": "12345678"},
            reference="INV-2",
        )
    assert over_cap.value.status == 400

    updated = client.contract.update(created["contractId"], limits(maxPerPayment=80))
    assert updated["status"] == "ACTIVE"
    pending = updated.get("pendingUpdate")
    assert pending is not None and pending["limits"]["maxPerPayment"] == 80
    assert updated["limits"]["maxPerPayment"] == 50  # still enforced until approved

    other = client.contract.create(name="Later", limits=limits())
    sends = client.contract.list(type="SEND", size=1)
    assert sends["size"] == 1 and sends["totalCount"] == 2
    every = client.contract.list_all(type="SEND")
    assert {c["contractId"] for c in every} == {created["contractId"], other["contractId"]}
    pending_only = client.contract.list_all(status="PENDING_AUTHORIZATION")
    assert [c["contractId"] for c in pending_only] == [other["contractId"]]


def test_await_active_fails_when_declined_and_times_out(service: Service) -> None:
    client = registered(service)
    declined = client.contract.create(name="Declined", limits=limits())
    authorize(service, declined["contractId"], "DECLINE")
    with pytest.raises(AgentPayError) as failed:
        client.contract.await_active(declined["contractId"], timeout_ms=5_000)
    assert failed.value.code == "AUTHORIZATION_FAILED"
    assert failed.value.contract is not None

    waiting = client.contract.create(name="Waiting", limits=limits())
    with pytest.raises(AgentPayError) as timeout:
        client.contract.await_active(waiting["contractId"], timeout_ms=300, interval_ms=100)
    assert timeout.value.code == "AUTHORIZATION_TIMEOUT"


def test_validation_errors_name_the_field(service: Service) -> None:
    client = registered(service)
    with pytest.raises(AgentPayError) as bad:
        client.contract.create(name="Bad", limits=limits(periodLimits=[]))
    assert bad.value.status == 400 and bad.value.code == "BAD_REQUEST"
    assert any("periodLimits" in e["field"] for e in bad.value.errors)
    with pytest.raises(AgentPayError) as local:
        client.contract.create(name="Bad", approver={"phone": "07700900123"}, limits=limits())
    assert local.value.status == 400
    assert [e["field"] for e in local.value.errors] == ["approver.phone"]
    # A suggestion must be one of the business's approvers (this one has none yet).
    with pytest.raises(AgentPayError) as stranger:
        client.contract.create(name="Bad", approver=APPROVER, limits=limits())
    assert [e["field"] for e in stranger.value.errors] == ["approver"]


def test_the_agent_cannot_approve_its_own_contract_at_its_link(service: Service) -> None:
    client = registered(service)
    created = client.contract.create(name="Own link", limits=limits())
    form = urllib.parse.urlencode({"decision": "APPROVE"}).encode()
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(urllib.request.Request(created["authorizationUrl"], data=form))
    assert refused.value.code == 400
    assert client.contract.get(created["contractId"])["status"] == "PENDING_AUTHORIZATION"


def test_a_tampered_or_replayed_request_is_refused(service: Service) -> None:
    client = registered(service)
    assert client.agent_id is not None
    pem_client = client._signer
    assert pem_client is not None
    # Sign GET /api/agents/me, then send it to another path (tamper) and twice (replay).
    timestamp = int(time.time()) + client._skew
    nonce = signing.new_nonce()
    subject = signing.canonical_subject(
        method="GET",
        path_with_query="/api/agents/me",
        body_digest=signing.body_digest(b""),
        timestamp=timestamp,
        nonce=nonce,
        agent_id=client.agent_id,
    )
    headers = {
        "Authorization": f"Bearer {service.secret}",
        signing.HEADER_AGENT_ID: client.agent_id,
        signing.HEADER_TIMESTAMP: str(timestamp),
        signing.HEADER_NONCE: nonce,
        signing.HEADER_SIGNATURE: pem_client(subject, None),
    }

    def status_of(path: str) -> int:
        request = urllib.request.Request(service.url + path, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return int(response.status)
        except urllib.error.HTTPError as error:
            assert json.loads(error.read())["name"] == "UNAUTHORIZED"
            return int(error.code)

    assert status_of("/api/agents/contracts") == 401  # path changed
    assert status_of("/api/agents/me") == 200
    assert status_of("/api/agents/me") == 401  # replay


def test_the_client_follows_the_sandbox_clock(service: Service) -> None:
    client = registered(service)
    service.call("POST", "/api/sandbox/clock/advance", {"ms": 3_600_000})
    fresh = AgentPay(
        base_url=service.url,
        api_key=service.secret,
        private_key_pem=new_pem(),
    )
    # The first signed request is an hour behind the service's clock: it is signed again on
    # the service's time (from X-Agent-Server-Time) and goes through.
    assert fresh.agent.register(name="Late agent")["name"] == "Late agent"
    assert client.agent.me()["agentId"] == client.agent_id


def test_a_retry_with_the_same_idempotency_key_pays_once(service: Service) -> None:
    client = registered(service, "Py retrier")
    contract = client.contract.create(name="Retries", limits=limits())
    authorize(service, contract["contractId"])
    payee = {"name": "Acme Supplies", "sortCode": "12-34-56", "accountNumber": "12345678"}
    key = f"py-retry-{time.time_ns()}"
    # Each call is signed afresh (new nonce); the key makes the second replay the first answer.
    first = client.contract.send(
        contract["contractId"], amount=12.5, payee=payee, reference="PY-RETRY", idempotency_key=key
    )
    again = client.contract.send(
        contract["contractId"], amount=12.5, payee=payee, reference="PY-RETRY", idempotency_key=key
    )
    assert again["paymentId"] == first["paymentId"]
    assert client.contract.payments(contract["contractId"])["totalCount"] == 1
    usage = client.contract.get(contract["contractId"]).get("usage", [])
    day = next(u for u in usage if u["period"] == "DAY")
    assert day["usedThisPeriod"] + day["reserved"] == 12.5

    # The same key for a different payment is refused and changes nothing.
    with pytest.raises(AgentPayError) as conflict:
        client.contract.send(
            contract["contractId"], amount=13, payee=payee, reference="PY-RETRY", idempotency_key=key
        )
    assert conflict.value.status == 409 and conflict.value.code == "CONFLICT"
    # A new key is a new payment.
    other = client.contract.send(
        contract["contractId"], amount=1, payee=payee, reference="PY-OTHER", idempotency_key=f"{key}b"
    )
    assert other["paymentId"] != first["paymentId"]
    assert client.contract.payments(contract["contractId"])["totalCount"] == 2



def test_terminal_show_basket_with_the_api_key_alone(service: Service) -> None:
    code = service.call("POST", "/api/terminal/pairing-codes", {})["code"]
    paired = service.call("POST", "/api/terminal/pair", {"code": code, "name": "Py till"})
    terminal_id = paired["terminal"]["id"]
    # Reading its event feed once makes the terminal reachable, as a kiosk polling would.
    feed = urllib.request.Request(
        service.url + "/api/terminal/events/feed",
        headers={"Authorization": f"Bearer {paired['secret']}"},
    )
    with urllib.request.urlopen(feed, timeout=30) as response:
        assert json.loads(response.read())["events"] == []

    client = AgentPay(base_url=service.url, api_key=service.secret)
    shown = client.terminal.show_basket(
        terminal_id,
        [
            {"description": "Flat white", "quantity": 2, "unitAmount": 3.2},
            {"description": "Croissant", "quantity": 1, "unitAmount": 2.75},
        ],
    )
    assert shown == {
        "terminalId": terminal_id,
        "totalAmount": 9.15,
        "currency": "GBP",
        "lineCount": 2,
    }
    with pytest.raises(AgentPayError) as bad:
        client.terminal.show_basket(
            terminal_id, [{"description": "Tea", "quantity": 0, "unitAmount": 1}]
        )
    assert bad.value.status == 400
    assert [e["field"] for e in bad.value.errors] == ["lineItems.0.quantity"]


def test_terminal_push_payment_with_its_basket(service: Service) -> None:
    code = service.call("POST", "/api/terminal/pairing-codes", {})["code"]
    paired = service.call("POST", "/api/terminal/pair", {"code": code, "name": "Py basket till"})
    terminal_id = paired["terminal"]["id"]
    feed = urllib.request.Request(
        service.url + "/api/terminal/events/feed",
        headers={"Authorization": f"Bearer {paired['secret']}"},
    )
    with urllib.request.urlopen(feed, timeout=30) as response:
        assert json.loads(response.read())["events"] == []

    client = AgentPay(base_url=service.url, api_key=service.secret)
    lines: List[LineItem] = [
        {"description": "Flat white", "quantity": 2, "unitAmount": 3.2},
        {"description": "Croissant", "quantity": 1, "unitAmount": 2.75},
    ]
    pushed = client.terminal.push_payment(terminal_id, 9.15, line_items=lines, notes="Table 2")
    status = client.terminal.payment_status(pushed["paymentRequestId"])
    assert status["amount"] == 9.15
    assert status["terminalId"] == terminal_id
    assert status["lineItems"] == lines

    plain = client.terminal.push_payment(terminal_id, 4)
    assert "lineItems" not in client.terminal.payment_status(plain["paymentRequestId"])

    with pytest.raises(AgentPayError) as bad:
        client.terminal.push_payment(terminal_id, 10, line_items=lines)
    assert bad.value.status == 400
    assert [e["field"] for e in bad.value.errors] == ["lineItems"]


def test_secrets_rotate_with_the_api_key_alone(service: Service) -> None:
    old = AgentPay(base_url=service.url, api_key=service.secret)
    listed = old.secrets.list()
    mine = next(s for s in listed if s["current"])
    assert mine["lastFour"] == service.secret[-4:]
    assert service.secret not in json.dumps(listed)
    with pytest.raises(AgentPayError) as itself:
        old.secrets.revoke(mine["id"])
    assert itself.value.status == 409

    made = old.secrets.create("sandbox")
    assert made["secret"].startswith("sk_sandbox_")
    assert made["lastFour"] == made["secret"][-4:]
    new = AgentPay(base_url=service.url, api_key=made["secret"])
    assert any(s["id"] == made["id"] for s in new.secrets.list())
    with pytest.raises(AgentPayError) as bad:
        new.secrets.create("live")
    assert [e["field"] for e in bad.value.errors] == ["environment"]
    # The session's service.secret stays: revoke another new one from the newest key instead.
    spare = old.secrets.create("sandbox")
    new.secrets.revoke(spare["id"])
    with pytest.raises(AgentPayError) as gone:
        AgentPay(base_url=service.url, api_key=spare["secret"]).secrets.list()
    assert gone.value.status == 401


def test_merchant_get_and_update_with_the_api_key_alone(service: Service) -> None:
    client = AgentPay(base_url=service.url, api_key=service.secret)
    before = client.merchant.get()
    assert before["settings"]["cardPayments"] is True
    changed = client.merchant.update(
        support_phone="+44 20 7946 0000", settings={"defaultExpirySeconds": 240}
    )
    assert changed["name"] == before["name"]
    assert changed["supportPhone"] == "+44 20 7946 0000"
    assert changed["settings"]["defaultExpirySeconds"] == 240
    with pytest.raises(AgentPayError) as bad:
        client.merchant.update(name="Never", support_email="not an address")
    assert bad.value.status == 400
    assert [e["field"] for e in bad.value.errors] == ["supportEmail"]
    assert client.merchant.get() == changed
    cleared = client.merchant.update(support_phone=None, settings={"defaultExpirySeconds": 180})
    assert "supportPhone" not in cleared


def test_stores_with_the_api_key_alone(service: Service) -> None:
    client = AgentPay(base_url=service.url, api_key=service.secret)
    primary = client.stores.list()[0]
    assert primary["isPrimary"] is True
    added = client.stores.create("Python Parade", address="3 Python Parade")
    assert added["address"] == "3 Python Parade"
    assert added["archived"] is False
    changed = client.stores.update(added["id"], name="Python Pde", address=None, archived=True)
    assert changed["name"] == "Python Pde"
    assert changed["archived"] is True
    assert "address" not in changed
    assert any(s["id"] == added["id"] and s["archived"] for s in client.stores.list())
    with pytest.raises(AgentPayError) as primary_refused:
        client.stores.update(primary["id"], archived=True)
    assert primary_refused.value.status == 409
    assert [e["field"] for e in primary_refused.value.errors] == ["archived"]
    with pytest.raises(AgentPayError) as bad:
        client.stores.create("  ")
    assert [e["field"] for e in bad.value.errors] == ["name"]

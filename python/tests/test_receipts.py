"""Receipts and revocation from Python: the shared vectors (test/vectors/agent-receipts.json,
which the TypeScript tests read too) verify and refuse exactly as in TypeScript, and against the
real service a send's receipt verifies with the published keys, a changed one does not, nor a
high-S copy of it, nor one checked against another service, business or environment; and a
revoked contract refuses the next send with CONTRACT_REVOKED."""

from __future__ import annotations

import base64
import json
from datetime import datetime
from typing import Any, Dict, Optional

import pytest

from agentpay import AgentPay, AgentPayError, verify_receipt
from agentpay.receipts import _KNOWN

from .conftest import REPO, Service
from .keys import new_pem

VECTORS: Dict[str, Any] = json.loads(
    (REPO / "test" / "vectors" / "agent-receipts.json").read_text(encoding="utf-8")
)
CASES = VECTORS["cases"]
PAYEE = {"name": "Acme Supplies", "sortCode": "12-34-56", "accountNumber": "12345678"}


_N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551


def _verify_case(case: Dict[str, Any]) -> Any:
    expected: Dict[str, Any] = case.get("expected", {})
    now: Optional[datetime] = None
    if "now" in expected:
        now = datetime.fromisoformat(expected["now"].replace("Z", "+00:00"))
    return verify_receipt(
        case["receipt"],
        VECTORS["jwks"],
        issuer=expected.get("issuer"),
        business_id=expected.get("businessId"),
        environment=expected.get("environment"),
        now=now,
    )


@pytest.mark.parametrize("case", CASES, ids=[c["description"] for c in CASES])
def test_the_shared_vectors(case: Dict[str, Any]) -> None:
    if case["valid"]:
        assert _verify_case(case) == case["claims"]
    else:
        with pytest.raises(AgentPayError) as refused:
            _verify_case(case)
        assert refused.value.code == "RECEIPT_INVALID"


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _flipped_s(receipt: str) -> str:
    """The receipt with s replaced by n - s: the same signature to plain ECDSA."""
    header, payload, encoded = receipt.split(".")
    signature = _unb64(encoded)
    s = int.from_bytes(signature[32:], "big")
    return f"{header}.{payload}.{_b64(signature[:32] + (_N - s).to_bytes(32, 'big'))}"


def _tampered(receipt: str, **change: Any) -> str:
    header, payload, signature = receipt.split(".")
    claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    claims.update(change)
    changed = base64.urlsafe_b64encode(json.dumps(claims).encode()).rstrip(b"=").decode()
    return f"{header}.{changed}.{signature}"


def test_a_send_receipt_verifies_and_a_revoked_contract_refuses(service: Service) -> None:
    client = AgentPay(base_url=service.url, api_key=service.secret, private_key_pem=new_pem())
    client.agent.register(name="Python receipts")
    contract = client.contract.create(
        name="Receipts",
        limits={
            "maxPerPayment": 50,
            "periodLimits": [{"amount": 100, "period": "DAY"}],
            "validTo": "2099-01-01T00:00:00Z",
        },
    )
    contract_id = contract["contractId"]
    service.call("POST", f"/api/sandbox/contracts/{contract_id}/authorize", {"decision": "APPROVE"})
    paid = client.contract.send(contract_id, amount=12.5, payee=PAYEE, reference="PY-1")

    keys = client.receipt_keys()
    claims = verify_receipt(paid["receipt"], keys)
    assert claims["paymentId"] == paid["paymentId"]
    assert claims["contractId"] == contract_id
    assert claims["amount"] == 12.5
    assert claims["payee"] == {"name": "Acme Supplies", "sortCode": "123456", "accountNumber": "12345678"}
    assert [u["remaining"] for u in claims["usageLeft"]] == [87.5]
    with pytest.raises(AgentPayError) as refused:
        verify_receipt(_tampered(paid["receipt"], amount=1250), keys)
    assert refused.value.code == "RECEIPT_INVALID"

    # Signed low-S; the high-S copy, which plain ECDSA accepts, is refused.
    assert int.from_bytes(_unb64(paid["receipt"].split(".")[2])[32:], "big") <= _N // 2
    with pytest.raises(AgentPayError, match="low-S"):
        verify_receipt(_flipped_s(paid["receipt"]), keys)

    # It names the service, business and environment: the client checks them against its own.
    agent = client.agent.me()
    mine = client.verify_receipt(paid["receipt"])
    assert (mine["iss"], mine["businessId"], mine["environment"]) == (
        service.url,
        agent["businessId"],
        "sandbox",
    )
    with pytest.raises(AgentPayError, match=f"is of business {agent['businessId']}, not m_other"):
        client.verify_receipt(paid["receipt"], business_id="m_other")
    with pytest.raises(AgentPayError, match="is of the sandbox environment, not production"):
        client.verify_receipt(paid["receipt"], environment="production")
    elsewhere = AgentPay(
        base_url=service.url.replace("127.0.0.1", "localhost"), api_key=service.secret
    )
    with pytest.raises(AgentPayError, match=f"was issued by {service.url}, not by "):
        elsewhere.verify_receipt(paid["receipt"])
    with pytest.raises(AgentPayError, match="low-S"):
        client.verify_receipt(_flipped_s(paid["receipt"]))
    # Keys read before a rotation do not hold the receipt's kid: the client reads them again.
    _KNOWN[client].keys = {"keys": []}
    assert client.verify_receipt(paid["receipt"])["paymentId"] == paid["paymentId"]
    assert _KNOWN[client].keys == keys

    revoked = client.contract.revoke(contract_id)
    assert revoked["status"] == "REVOKED"
    assert revoked["revokedBy"] == "BUSINESS"
    assert client.contract.revoke(contract_id)["revokedAt"] == revoked["revokedAt"]
    with pytest.raises(AgentPayError) as after:
        client.contract.send(contract_id, amount=1, payee=PAYEE, reference="PY-2")
    assert (after.value.code, after.value.status) == ("CONTRACT_REVOKED", 409)
    assert [p["paymentId"] for p in client.contract.payments(contract_id)["data"]] == [
        paid["paymentId"]
    ]


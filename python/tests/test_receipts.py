"""Receipts and revocation from Python: the shared vectors (test/vectors/agent-receipts.json,
which the TypeScript tests read too) verify and refuse exactly as in TypeScript, and against the
real service a send's receipt verifies with the published keys, a changed one does not, and a
revoked contract refuses the next send with CONTRACT_REVOKED."""

from __future__ import annotations

import base64
import json
from typing import Any, Dict

import pytest

from agentpay import AgentPay, AgentPayError, verify_receipt

from .conftest import REPO, Service
from .keys import new_pem

VECTORS: Dict[str, Any] = json.loads(
    (REPO / "test" / "vectors" / "agent-receipts.json").read_text(encoding="utf-8")
)
CASES = VECTORS["cases"]
PAYEE = {"name": "Acme Supplies", "sortCode": "12-34-56", "accountNumber": "12345678"}


@pytest.mark.parametrize("case", CASES, ids=[c["description"] for c in CASES])
def test_the_shared_vectors(case: Dict[str, Any]) -> None:
    if case["valid"]:
        assert verify_receipt(case["receipt"], VECTORS["jwks"]) == case["claims"]
    else:
        with pytest.raises(AgentPayError) as refused:
            verify_receipt(case["receipt"], VECTORS["jwks"])
        assert refused.value.code == "RECEIPT_INVALID"


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
        approver={"email": "finance@example.com"},
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


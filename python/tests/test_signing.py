"""The shared signing vectors (test/vectors/agent-subjects.json), which the TypeScript tests read
too: both clients build byte-identical subjects, headers and signing inputs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict

import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from agentpay import signing

from .keys import new_pem

VECTORS: Dict[str, Any] = json.loads(
    (Path(__file__).resolve().parents[2] / "test" / "vectors" / "agent-subjects.json").read_text()
)
CASES = VECTORS["cases"]


def _b64decode(text: str) -> bytes:
    import base64

    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def verify_jws(public_pem: str, jws: str, subject: str) -> None:
    """Verifies a detached ES256 JWS over ``subject`` with ``cryptography`` (raises if not)."""
    encoded_header, payload, encoded_signature = jws.split(".")
    assert payload == ""
    raw = _b64decode(encoded_signature)
    assert len(raw) == 64
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    key = serialization.load_pem_public_key(public_pem.encode())
    assert isinstance(key, ec.EllipticCurvePublicKey)
    key.verify(der, signing.signing_input(encoded_header, subject), ec.ECDSA(hashes.SHA256()))


def test_empty_body_digest() -> None:
    assert signing.body_digest(b"") == VECTORS["emptyBodyDigest"]


@pytest.mark.parametrize("case", CASES, ids=[c["description"] for c in CASES])
def test_subject_header_and_signing_input_match_the_vectors(case: Dict[str, Any]) -> None:
    digest = signing.body_digest(case["body"].encode("utf-8"))
    assert digest == case["bodyDigest"]
    subject = signing.canonical_subject(
        method=case["method"],
        path_with_query=case["pathWithQuery"],
        body_digest=digest,
        timestamp=case["timestamp"],
        nonce=case["nonce"],
        agent_id=case["agentId"],
    )
    assert subject == case["subject"]
    header = signing.jws_header(case.get("kid"))
    assert header == case["protectedHeader"]
    assert signing.signing_input(header, subject).decode() == case["signingInput"]


@pytest.mark.parametrize("case", CASES, ids=[c["description"] for c in CASES])
def test_the_vectors_jws_verifies_and_ours_verifies_too(case: Dict[str, Any]) -> None:
    verify_jws(VECTORS["publicKeyPem"], case["jws"], case["subject"])
    sign = signing.key_signer(signing.load_private_key(VECTORS["privateKeyPem"]))
    ours = sign(case["subject"], case.get("kid"))
    assert ours.startswith(case["protectedHeader"] + "..")
    verify_jws(VECTORS["publicKeyPem"], ours, case["subject"])


def test_a_changed_subject_does_not_verify() -> None:
    case = CASES[0]
    with pytest.raises(InvalidSignature):
        verify_jws(VECTORS["publicKeyPem"], case["jws"], case["subject"].replace("GET", "PUT"))


def test_public_key_of_the_vector_key() -> None:
    key = signing.load_private_key(VECTORS["privateKeyPem"])
    assert signing.public_key_pem(key).strip() == VECTORS["publicKeyPem"].strip()


def test_a_key_that_is_not_p256_is_refused() -> None:
    pem = new_pem(ec.SECP384R1())
    with pytest.raises(ValueError, match="P-256"):
        signing.load_private_key(pem)

"""Agent Pay request signing (docs/agent-pay.md, "Signing a request").

The canonical subject and the detached compact JWS around it, byte for byte as the TypeScript
client builds them (src/shared/agent-signing.ts); test/vectors/agent-subjects.json holds the
vectors both test suites check.
"""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
from typing import Callable, Optional

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature

#: First line of every subject: the scheme and its version.
SUBJECT_PREFIX = "AGENTPAY-SIG-V1"

#: Tier-2 request headers (tier 1 is ``Authorization: Bearer <API key>``).
HEADER_AGENT_ID = "X-Agent-Id"
HEADER_TIMESTAMP = "X-Agent-Timestamp"
HEADER_NONCE = "X-Agent-Nonce"
HEADER_SIGNATURE = "X-Agent-Signature"
#: Response header: the service's (sandbox) clock in Unix seconds.
HEADER_SERVER_TIME = "X-Agent-Server-Time"

#: A timestamp may be this many seconds either side of the service's clock.
TIMESTAMP_WINDOW_SECONDS = 300

#: A custom signer: takes the canonical subject and an optional kid, returns the detached JWS.
Signer = Callable[[str, Optional[str]], str]


def b64url(data: bytes) -> str:
    """RFC 4648 section 5 base64url without padding."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def body_digest(body: bytes) -> str:
    """base64url SHA-256 of the raw body bytes (of zero bytes when there is no body)."""
    return b64url(hashlib.sha256(body).digest())


def new_nonce() -> str:
    """22 characters of base64url: 128 random bits."""
    return b64url(secrets.token_bytes(16))


def canonical_subject(
    *,
    method: str,
    path_with_query: str,
    body_digest: str,
    timestamp: int,
    nonce: str,
    agent_id: str,
) -> str:
    """Seven lines joined by newlines, no trailing newline."""
    return "\n".join(
        [
            SUBJECT_PREFIX,
            method.upper(),
            path_with_query,
            body_digest,
            str(timestamp),
            nonce,
            agent_id,
        ]
    )


def jws_header(kid: Optional[str] = None) -> str:
    """The protected header, base64url: alg ES256 and, when given, kid (compact JSON)."""
    header = {"alg": "ES256"} if kid is None else {"alg": "ES256", "kid": kid}
    return b64url(json.dumps(header, separators=(",", ":")).encode("utf-8"))


def signing_input(encoded_header: str, subject: str) -> bytes:
    """What ES256 signs: base64url(header) "." base64url(subject) (RFC 7515 section 5.1)."""
    return f"{encoded_header}.{b64url(subject.encode('utf-8'))}".encode("ascii")


def der_to_raw(der: bytes) -> bytes:
    """A DER ECDSA signature (what ``cryptography`` makes) as the 64-byte r||s JWS needs."""
    r, s = decode_dss_signature(der)
    return r.to_bytes(32, "big") + s.to_bytes(32, "big")


def load_private_key(pem: str) -> ec.EllipticCurvePrivateKey:
    """A P-256 private key from PEM (PKCS#8 ``PRIVATE KEY`` or SEC1 ``EC PRIVATE KEY``)."""
    key = serialization.load_pem_private_key(pem.encode("utf-8"), password=None)
    if not isinstance(key, ec.EllipticCurvePrivateKey) or not isinstance(key.curve, ec.SECP256R1):
        raise ValueError("private_key_pem is not an EC P-256 private key (ES256)")
    return key


def public_key_pem(key: ec.EllipticCurvePrivateKey) -> str:
    """The SPKI PEM of a private key's public half, as registration sends it."""
    return (
        key.public_key()
        .public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
        .decode("ascii")
    )


def key_signer(key: ec.EllipticCurvePrivateKey) -> Signer:
    """A signer over a private key: ES256, converted from DER to r||s."""

    def sign(subject: str, kid: Optional[str] = None) -> str:
        encoded_header = jws_header(kid)
        der = key.sign(signing_input(encoded_header, subject), ec.ECDSA(hashes.SHA256()))
        return f"{encoded_header}..{b64url(der_to_raw(der))}"

    return sign

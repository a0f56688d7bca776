"""Verifying a payment receipt offline (docs/agent-pay.md, "Receipts").

Every send and collect answer carries ``receipt``, a compact JWS (ES256) the service signs; with
the service's JWKS (``AgentPay.receipt_keys()``, or /.well-known/counter-receipts.json saved
earlier) anyone can check that the service issued it and that not a byte of it changed. The
TypeScript client does the same (src/agent/receipts.ts); test/vectors/agent-receipts.json holds
both to it.
"""

from __future__ import annotations

import base64
import binascii
import json
from typing import Any, Dict, Mapping, Optional, cast

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from .client import AgentPayError
from .types import Receipt, ReceiptKeys

_B64URL = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def _invalid(why: str) -> AgentPayError:
    return AgentPayError("RECEIPT_INVALID", f"The receipt {why}")


def _b64decode(text: str) -> Optional[bytes]:
    """Unpadded base64url, strictly: None on any other character or a bad length."""
    if not set(text) <= _B64URL or len(text) % 4 == 1:
        return None
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        return None


def _json_object(part: str) -> Optional[Dict[str, Any]]:
    raw = _b64decode(part)
    if raw is None:
        return None
    try:
        value = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return None
    return cast(Dict[str, Any], value) if isinstance(value, dict) else None


def _b64int(text: Any) -> Optional[int]:
    raw = _b64decode(text) if isinstance(text, str) else None
    return None if raw is None or len(raw) != 32 else int.from_bytes(raw, "big")


def verify_receipt(receipt: str, jwks: ReceiptKeys | Mapping[str, Any]) -> Receipt:
    """The receipt's claims, once its ES256 signature verifies with the key of ``jwks`` its
    header names. Raises AgentPayError with code ``RECEIPT_INVALID`` when it is malformed,
    names no key of ``jwks``, or any byte of header, claims or signature changed."""
    parts = receipt.strip().split(".")
    if len(parts) != 3 or "" in parts:
        raise _invalid("is not a compact JWS (header.payload.signature)")
    encoded_header, encoded_payload, encoded_signature = parts
    header = _json_object(encoded_header)
    if header is None:
        raise _invalid("header is not base64url JSON")
    if header.get("alg") != "ES256":
        raise _invalid("is not signed with ES256")
    kid = header.get("kid")
    keys = jwks.get("keys") if isinstance(jwks, Mapping) else None
    key = next(
        (k for k in keys or [] if isinstance(k, Mapping) and isinstance(kid, str) and k.get("kid") == kid),
        None,
    )
    x = _b64int(key.get("x")) if key else None
    y = _b64int(key.get("y")) if key else None
    if key is None or key.get("kty") != "EC" or key.get("crv") != "P-256" or x is None or y is None:
        raise _invalid(f"names a key (kid {kid}) that is not in these receipt keys")
    signature = _b64decode(encoded_signature)
    if signature is None or len(signature) != 64:
        raise _invalid("signature is not a 64-byte ES256 signature")
    der = encode_dss_signature(
        int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big")
    )
    try:
        public_key = ec.EllipticCurvePublicNumbers(x, y, ec.SECP256R1()).public_key()
        public_key.verify(
            der, f"{encoded_header}.{encoded_payload}".encode("ascii"), ec.ECDSA(hashes.SHA256())
        )
    except (InvalidSignature, ValueError):
        raise _invalid(
            "signature does not verify: this service did not issue it, or it was changed"
        ) from None
    claims = _json_object(encoded_payload)
    if claims is None:
        raise _invalid("payload is not base64url JSON")
    return cast(Receipt, claims)

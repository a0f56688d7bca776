"""Verifying a payment receipt offline (docs/agent-pay.md, "Receipts").

Every send and collect answer carries ``receipt``, a compact JWS (ES256) the service signs; with
the service's JWKS (``AgentPay.receipt_keys()``, or /.well-known/counter-receipts.json saved
earlier) anyone can check that the service issued it and that not a byte of it changed. The
TypeScript client does the same (src/agent/receipts.ts); test/vectors/agent-receipts.json holds
both to it.

What is refused besides a signature that does not verify: an alg other than ES256 (whatever the
key says), a kid the JWKS does not hold, a high-S signature (ECDSA's (r, n - s) verifies as
(r, s) does, so a receipt would have two encodings: the service signs low-S, and only that one is
accepted), a receipt past its ``exp``, and one issued by another service, business or
environment than the caller expects.
"""

from __future__ import annotations

import base64
import binascii
import json
import time
import weakref
from datetime import datetime, timezone
from typing import Any, Dict, Mapping, Optional, cast

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from .client import AgentPay, AgentPayError
from .types import Receipt, ReceiptKeys

_B64URL = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
#: Half the order of P-256: a signature's s must be at most this.
_P256_HALF_N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551 // 2


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


def _without_slash(url: str) -> str:
    return url.rstrip("/")


def _iso(seconds: float) -> str:
    when = datetime.fromtimestamp(seconds, tz=timezone.utc)
    return when.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _unexpected(
    claims: Mapping[str, Any],
    issuer: Optional[str],
    business_id: Optional[str],
    environment: Optional[str],
    now: Optional[datetime],
) -> Optional[str]:
    """Why the verified claims are not what the caller expects, or None when they are."""
    at = now.timestamp() if now is not None else time.time()
    exp = claims.get("exp")
    if exp is not None and (
        not isinstance(exp, (int, float)) or isinstance(exp, bool) or not at < exp
    ):
        return f"expired at {_iso(exp) if isinstance(exp, (int, float)) else exp}"
    iss = claims.get("iss")
    if issuer is not None and (not isinstance(iss, str) or _without_slash(iss) != _without_slash(issuer)):
        return f"was issued by {iss}, not by {_without_slash(issuer)}"
    if business_id is not None and claims.get("businessId") != business_id:
        named = claims.get("businessId", "(none named)")
        return f"is of business {named}, not {business_id}"
    if environment is not None and claims.get("environment") != environment:
        return f"is of the {claims.get('environment')} environment, not {environment}"
    return None


def _kid_of(receipt: str) -> Optional[str]:
    header = _json_object(receipt.strip().split(".")[0])
    kid = header.get("kid") if header else None
    return kid if isinstance(kid, str) else None


def verify_receipt(
    receipt: str,
    jwks: ReceiptKeys | Mapping[str, Any],
    *,
    issuer: Optional[str] = None,
    business_id: Optional[str] = None,
    environment: Optional[str] = None,
    now: Optional[datetime] = None,
) -> Receipt:
    """The receipt's claims, once its ES256 signature verifies with the key of ``jwks`` its
    header names. Raises AgentPayError with code ``RECEIPT_INVALID`` when it is malformed, names
    no key of ``jwks``, is not ES256, has a high-S signature, any byte of header, claims or
    signature changed, its ``exp`` has passed (at ``now``, default the current time), or it is
    not of the ``issuer`` (the service's public URL), ``business_id`` or ``environment`` given.
    ``AgentPay.verify_receipt`` fills those from the client."""
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
    if (
        key is None
        or key.get("kty") != "EC"
        or key.get("crv") != "P-256"
        or key.get("alg", "ES256") != "ES256"
        or key.get("use", "sig") != "sig"
        or x is None
        or y is None
    ):
        raise _invalid(f"names a key (kid {kid}) that is not in these receipt keys")
    signature = _b64decode(encoded_signature)
    if signature is None or len(signature) != 64:
        raise _invalid("signature is not a 64-byte ES256 signature")
    r, s = int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big")
    if s > _P256_HALF_N:
        raise _invalid("signature is not in low-S form (s above n/2): the service never signs so")
    try:
        public_key = ec.EllipticCurvePublicNumbers(x, y, ec.SECP256R1()).public_key()
        public_key.verify(
            encode_dss_signature(r, s),
            f"{encoded_header}.{encoded_payload}".encode("ascii"),
            ec.ECDSA(hashes.SHA256()),
        )
    except (InvalidSignature, ValueError):
        raise _invalid(
            "signature does not verify: this service did not issue it, or it was changed"
        ) from None
    claims = _json_object(encoded_payload)
    if claims is None:
        raise _invalid("payload is not base64url JSON")
    why = _unexpected(claims, issuer, business_id, environment, now)
    if why is not None:
        raise _invalid(why)
    return cast(Receipt, claims)


class _Known:
    """What AgentPay.verify_receipt has read: the service's keys and who the client is."""

    def __init__(self) -> None:
        self.keys: Optional[ReceiptKeys] = None
        self.identity: Optional[Dict[str, str]] = None


_KNOWN: "weakref.WeakKeyDictionary[AgentPay, _Known]" = weakref.WeakKeyDictionary()


def _identity(client: AgentPay) -> Dict[str, str]:
    """The client's business and environment: its agent's, or else its API key's."""
    if client.agent_id:
        agent = client.agent.me()
        return {"businessId": agent["businessId"], "environment": agent["environment"]}
    api_key = client._api_key or ""
    who = {"businessId": client.merchant.get()["id"]}
    if api_key.startswith("sk_live_"):
        who["environment"] = "production"
    elif api_key.startswith("sk_sandbox_"):
        who["environment"] = "sandbox"
    return who


def verify_for_client(
    client: AgentPay,
    receipt: str,
    *,
    issuer: Optional[str],
    business_id: Optional[str],
    environment: Optional[str],
) -> Receipt:
    """``AgentPay.verify_receipt``: the service's keys read once, and again when the receipt
    names a key they do not hold (the service rotated its key); who the client is, once."""
    known = _KNOWN.setdefault(client, _Known())
    if known.keys is None:
        known.keys = client.receipt_keys()
    kid = _kid_of(receipt)
    if kid is not None and not any(k.get("kid") == kid for k in known.keys.get("keys", [])):
        known.keys = client.receipt_keys()
    if business_id is None or environment is None:
        if known.identity is None:
            known.identity = _identity(client)
        business_id = business_id if business_id is not None else known.identity.get("businessId")
        environment = environment if environment is not None else known.identity.get("environment")
    return verify_receipt(
        receipt,
        known.keys,
        issuer=issuer if issuer is not None else client.base_url,
        business_id=business_id,
        environment=environment,
    )

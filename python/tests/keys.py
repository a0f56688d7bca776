"""Fresh private keys for the tests, as PKCS#8 PEM."""

from __future__ import annotations

from typing import Optional, Protocol, cast

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


class _Serializable(Protocol):
    """What the tests need of a generated key. Some cryptography releases (38, as Debian 12 ships
    it) declare ``private_bytes`` only on the concrete key class, so mypy --strict does not find it
    on ``EllipticCurvePrivateKey``; naming the one method here types it the same on every release."""

    def private_bytes(
        self,
        encoding: serialization.Encoding,
        format: serialization.PrivateFormat,
        encryption_algorithm: serialization.KeySerializationEncryption,
    ) -> bytes: ...


def new_pem(curve: Optional[ec.EllipticCurve] = None) -> str:
    """A new EC private key (P-256 unless another curve is named) as PKCS#8 PEM."""
    key = cast(_Serializable, ec.generate_private_key(curve or ec.SECP256R1()))
    pem: bytes = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    return pem.decode("ascii")

"""Agent Pay: signed agent identities and spending contracts (docs/agent-pay.md)."""

from .client import AgentPay, AgentPayError
from .receipts import verify_receipt
from .signing import Signer, canonical_subject, key_signer, load_private_key, public_key_pem
from .types import (
    AccessSecret,
    Agent,
    AgentPage,
    Approver,
    Contract,
    ContractPage,
    ContractPayment,
    CreatedAccessSecret,
    DisplayedBasket,
    Limits,
    LineItem,
    PaymentStatusRecord,
    PushedPayment,
    Receipt,
    ReceiptKeys,
    Merchant,
    MerchantSettings,
    Store,
    Usage,
)

__version__ = "0.0.1"

__all__ = [
    "AccessSecret",
    "Agent",
    "AgentPage",
    "AgentPay",
    "AgentPayError",
    "Approver",
    "Contract",
    "ContractPage",
    "ContractPayment",
    "CreatedAccessSecret",
    "DisplayedBasket",
    "Limits",
    "LineItem",
    "PaymentStatusRecord",
    "PushedPayment",
    "Receipt",
    "ReceiptKeys",
    "Merchant",
    "MerchantSettings",
    "Signer",
    "Store",
    "Usage",
    "canonical_subject",
    "key_signer",
    "load_private_key",
    "public_key_pem",
    "verify_receipt",
]

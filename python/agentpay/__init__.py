"""Agent Pay: signed agent identities and spending contracts (docs/agent-pay.md)."""

from .client import AgentPay, AgentPayError
from .signing import Signer, canonical_subject, key_signer, load_private_key, public_key_pem
from .types import (
    Agent,
    AgentPage,
    Approver,
    Contract,
    ContractPage,
    ContractPayment,
    DisplayedBasket,
    Limits,
    LineItem,
    Merchant,
    MerchantSettings,
    Usage,
)

__version__ = "0.0.1"

__all__ = [
    "Agent",
    "AgentPage",
    "AgentPay",
    "AgentPayError",
    "Approver",
    "Contract",
    "ContractPage",
    "ContractPayment",
    "DisplayedBasket",
    "Limits",
    "LineItem",
    "Merchant",
    "MerchantSettings",
    "Signer",
    "Usage",
    "canonical_subject",
    "key_signer",
    "load_private_key",
    "public_key_pem",
]

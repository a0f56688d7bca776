"""Typed results: the wire records of docs/agent-pay.md (camelCase keys, as the service sends).

Optional fields live in a ``total=False`` subclass, so Python 3.10 needs no typing_extensions.
"""

from __future__ import annotations

from typing import Dict, List, Literal, Optional, TypedDict

Environment = Literal["sandbox", "production"]
ContractType = Literal["SEND", "COLLECT"]
ContractStatus = Literal["PENDING_AUTHORIZATION", "ACTIVE", "DECLINED", "EXPIRED", "REVOKED"]
Period = Literal["DAY", "WEEK", "FORTNIGHT", "MONTH", "HALF_YEAR", "YEAR"]
Alignment = Literal["CALENDAR", "ANCHORED"]
PaymentStatus = Literal["PENDING", "COMPLETED", "FAILED"]


class _AgentRequired(TypedDict):
    agentId: str
    businessId: str
    environment: Environment
    name: str


class Agent(_AgentRequired, total=False):
    description: str
    publicKeyPem: str
    status: str
    createdAt: str


class AgentPage(TypedDict):
    data: List[Agent]
    totalCount: int
    page: int
    size: int


class _PeriodLimitRequired(TypedDict):
    amount: float
    period: Period


class PeriodLimit(_PeriodLimitRequired, total=False):
    alignment: Alignment


class _LimitsRequired(TypedDict):
    maxPerPayment: float
    periodLimits: List[PeriodLimit]
    validTo: str


class Limits(_LimitsRequired, total=False):
    currency: str
    validFrom: str


class Usage(TypedDict):
    period: Period
    cap: float
    usedThisPeriod: float
    reserved: float
    remaining: float
    periodEnd: str


class LinkedMethod(TypedDict):
    paymentMethodId: str
    lastFourDigits: str
    brand: str
    expiryDate: str


class Approver(TypedDict, total=False):
    """An approver: exactly one of an e-mail address or an international phone number
    (``+447700900123``). On a contract, who approves it (the suggestion until a person
    approves, then that person); the one-time code approval needs goes there, never to the
    agent."""

    email: str
    phone: str


class PendingUpdate(TypedDict):
    limits: Limits
    requestedAt: str


class _ContractRequired(TypedDict):
    contractId: str
    agentId: str
    environment: Environment
    type: ContractType
    createdAt: str
    status: ContractStatus
    limits: Limits


class Contract(_ContractRequired, total=False):
    name: str
    description: str
    authorizationUrl: str
    approver: Approver
    usage: List[Usage]
    serviceCustomerId: str
    linkedMethod: LinkedMethod
    termsVersion: int
    pendingUpdate: Optional[PendingUpdate]
    revokedAt: str
    revokedBy: Literal["BUSINESS", "APPROVER"]


class ContractPage(TypedDict):
    data: List[Contract]
    totalCount: int
    page: int
    size: int


class Payee(TypedDict):
    name: str
    sortCode: str
    accountNumber: str


class _ContractPaymentRequired(TypedDict):
    paymentId: str
    contractId: str
    type: ContractType
    status: PaymentStatus
    amount: float
    currency: str
    createdAt: str


class ContractPayment(_ContractPaymentRequired, total=False):
    payee: Payee
    reference: str
    orderId: str
    paymentRequestId: str
    errorDescription: str
    settledAt: str
    #: The signed receipt (compact JWS), on the answer to send and collect only.
    receipt: str


class ContractPaymentPage(TypedDict):
    data: List[ContractPayment]
    totalCount: int
    page: int
    size: int


class FieldError(TypedDict):
    field: str
    message: str


class LineItem(TypedDict):
    """One line of a basket for a terminal's customer display: money in pounds (2.5 is £2.50)."""

    description: str
    quantity: int
    unitAmount: float


class DisplayedBasket(TypedDict):
    """What POST /api/terminal/{id}/display answers: the basket's total in pounds."""

    terminalId: str
    totalAmount: float
    currency: str
    lineCount: int


class PushedPayment(TypedDict):
    """What POST /api/terminal/process-remote-payment answers."""

    paymentRequestId: str


class PaymentStatusRecord(TypedDict, total=False):
    """The payment-status record (docs/payment-states.md); the keys a till most often reads.
    ``lineItems`` is there only when the payment was created with a basket."""

    paymentRequestId: str
    status: str
    amount: float
    currency: str
    tipAmount: float
    paidAmount: float
    orderId: str
    terminalId: Optional[str]
    lineItems: List[LineItem]


class AccessSecret(TypedDict):
    """One of the merchant's access secrets in use, as GET /api/merchant/secrets lists it: never
    the secret itself, only its last four characters (None for one kept before they were)."""

    id: str
    environment: Literal["sandbox", "production"]
    kind: Literal["merchant", "terminal"]
    terminalId: Optional[str]
    lastFour: Optional[str]
    createdAt: str
    lastUsedAt: Optional[str]
    current: bool


class CreatedAccessSecret(AccessSecret):
    """A new access secret: ``secret`` is shown in this answer only (the service keeps its hash)."""

    secret: str


class ReceiptJwk(TypedDict):
    """One public key that verifies receipts (RFC 7517, EC P-256)."""

    kty: str
    crv: str
    x: str
    y: str
    kid: str
    alg: str
    use: str


class ReceiptKeys(TypedDict):
    """The service's receipt keys: the JWKS at /.well-known/counter-receipts.json."""

    keys: List[ReceiptJwk]


class UsageLeft(TypedDict):
    period: Period
    remaining: float
    periodEnd: str


class _ReceiptRequired(TypedDict):
    iss: str
    iat: int
    environment: Environment
    contractId: str
    paymentId: str
    type: ContractType
    status: PaymentStatus
    amount: float
    currency: str
    #: SEND: the payee's bank account; COLLECT: ``{"businessId": ...}``.
    payee: Dict[str, str]
    time: str
    usageLeft: List[UsageLeft]


class Receipt(_ReceiptRequired, total=False):
    """What a verified receipt says (docs/agent-pay.md, "Receipts")."""

    reference: str
    orderId: str
    #: Until when it verifies, in real Unix seconds (absent on receipts signed before it was set).
    exp: int
    #: The business whose agent paid (absent on receipts signed before it was set).
    businessId: str


class MerchantSettings(TypedDict):
    """Which ways of paying new payments offer, and how long one lives by default."""

    cardPayments: bool
    remotePayments: bool
    tips: bool
    defaultExpirySeconds: int


class _MerchantRequired(TypedDict):
    id: str
    name: str
    settings: MerchantSettings


class Merchant(_MerchantRequired, total=False):
    """GET /api/merchant: the business's profile (docs/merchant-profile.md)."""

    address: str
    companyNumber: str
    vatNumber: str
    supportEmail: str
    supportPhone: str
    logoUrl: str


class _StoreRequired(TypedDict):
    id: str
    name: str
    merchantName: str
    isPrimary: bool
    archived: bool
    terminals: int
    createdAt: str


class Store(_StoreRequired, total=False):
    """One of the merchant's stores, as GET /api/stores lists it (docs/merchant-profile.md#stores)."""

    address: str
    archivedAt: str

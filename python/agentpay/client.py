"""The Agent Pay Python client: the TypeScript client's operations (src/agent) in snake_case.

HTTP is the standard library's (urllib); the only dependency is ``cryptography`` for ES256.
"""

from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, cast

from . import signing
from .types import (
    AccessSecret,
    Agent,
    Approver,
    AgentPage,
    Contract,
    ContractPage,
    ContractPayment,
    ContractPaymentPage,
    CreatedAccessSecret,
    DisplayedBasket,
    FieldError,
    Limits,
    LineItem,
    PaymentStatusRecord,
    PushedPayment,
    Receipt,
    ReceiptKeys,
    Merchant,
    MerchantSettings,
    Store,
)

#: Contract statuses from which waiting for ACTIVE can never succeed.
_TERMINAL_FAILURES = frozenset({"DECLINED", "EXPIRED", "REVOKED"})


class AgentPayError(Exception):
    """Every failure. ``code`` is the error envelope's name (``UNAUTHORIZED``, ``BAD_REQUEST``...)
    for HTTP errors, or the client's own: ``AUTHORIZATION_TIMEOUT``, ``AUTHORIZATION_FAILED``,
    ``NOT_REGISTERED``, ``NO_API_KEY``, ``NO_KEY``, ``RECEIPT_INVALID`` (``verify_receipt``)."""

    def __init__(
        self,
        code: str,
        message: str,
        status: Optional[int] = None,
        errors: Optional[List[FieldError]] = None,
        contract: Optional[Contract] = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.errors: List[FieldError] = errors or []
        #: The contract, for AUTHORIZATION_FAILED and AUTHORIZATION_TIMEOUT.
        self.contract = contract


def _quote(segment: str) -> str:
    return urllib.parse.quote(segment, safe="")


def _query(params: Mapping[str, Any]) -> str:
    """``k=v&...`` in the order given, encoded as URLSearchParams does (spaces as ``+``)."""
    items = [(k, str(v)) for k, v in params.items() if v is not None]
    return urllib.parse.urlencode(items) if items else ""


class AgentPay:
    """``AgentPay(base_url=..., api_key=None, private_key_pem=None, signer=None)``.

    Key supplies (service-interface section 5 item 6): (a) ``private_key_pem`` with the API key
    in ``SERVICE_API_KEY``; (b) ``api_key`` and ``private_key_pem``; (c) ``signer`` (a callable
    taking the subject and an optional kid, returning the detached JWS) and registering with
    ``public_key_pem``.
    """

    def __init__(
        self,
        base_url: str,
        api_key: Optional[str] = None,
        private_key_pem: Optional[str] = None,
        signer: Optional[signing.Signer] = None,
        *,
        agent_id: Optional[str] = None,
        kid: Optional[str] = None,
        timeout: float = 30.0,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self._api_key = api_key if api_key is not None else os.environ.get("SERVICE_API_KEY")
        self._kid = kid
        self._timeout = timeout
        self._agent_id = agent_id
        self._public_key_pem: Optional[str] = None
        self._signer: Optional[signing.Signer] = signer
        if signer is None and private_key_pem is not None:
            key = signing.load_private_key(private_key_pem)
            self._signer = signing.key_signer(key)
            self._public_key_pem = signing.public_key_pem(key)
        #: The service's clock minus ours, in seconds: the sandbox may move its clock.
        self._skew = 0
        self.agent = _Agents(self)
        self.contract = _Contracts(self)
        self.terminal = _Terminals(self)
        self.secrets = _Secrets(self)
        self.merchant = _Merchants(self)
        self.stores = _Stores(self)

    @property
    def agent_id(self) -> Optional[str]:
        """The id this client signs as, once registered (or given)."""
        return self._agent_id

    def _require_agent(self) -> str:
        if not self._agent_id:
            raise AgentPayError(
                "NOT_REGISTERED",
                "Call agent.register first, or give agent_id to the AgentPay constructor",
            )
        return self._agent_id

    def _request(
        self,
        method: str,
        path: str,
        *,
        body: Optional[Mapping[str, Any]] = None,
        query: Optional[Mapping[str, Any]] = None,
        signed: bool = True,
        agent_id: Optional[str] = None,
        idempotency_key: Optional[str] = None,
        retried: bool = False,
    ) -> Any:
        if not self._api_key:
            raise AgentPayError(
                "NO_API_KEY", "Give api_key or set the SERVICE_API_KEY environment variable"
            )
        qs = _query(query or {})
        target = path + (f"?{qs}" if qs else "")
        data = b"" if body is None else json.dumps(body, separators=(",", ":")).encode("utf-8")
        headers: Dict[str, str] = {"Authorization": f"Bearer {self._api_key}"}
        if body is not None:
            headers["Content-Type"] = "application/json"
        if idempotency_key is not None:
            # Not part of the signature: each attempt is signed afresh with a new nonce, and the
            # key makes a retry replay the first answer (docs/agent-pay.md, "Retries").
            headers["Idempotency-Key"] = idempotency_key
        timestamp = 0
        if signed:
            if self._signer is None:
                raise AgentPayError("NO_KEY", "Give private_key_pem or a signer to sign requests")
            timestamp = int(time.time()) + self._skew
            nonce = signing.new_nonce()
            subject = signing.canonical_subject(
                method=method,
                path_with_query=target,
                body_digest=signing.body_digest(data),
                timestamp=timestamp,
                nonce=nonce,
                agent_id=agent_id or "",
            )
            headers[signing.HEADER_SIGNATURE] = self._signer(subject, self._kid or agent_id)
            headers[signing.HEADER_TIMESTAMP] = str(timestamp)
            headers[signing.HEADER_NONCE] = nonce
            if agent_id:
                headers[signing.HEADER_AGENT_ID] = agent_id
        status, server_time, payload = self._send(method, target, data if body is not None else None, headers)
        if server_time is not None:
            self._skew = server_time - int(time.time())
        if 200 <= status < 300:
            return payload
        # The sandbox moved its clock past our window: sign again on its time, once.
        if (
            status == 401
            and signed
            and not retried
            and server_time is not None
            and abs(server_time - timestamp) > signing.TIMESTAMP_WINDOW_SECONDS
        ):
            return self._request(
                method,
                path,
                body=body,
                query=query,
                signed=signed,
                agent_id=agent_id,
                idempotency_key=idempotency_key,
                retried=True,
            )
        envelope: Mapping[str, Any] = payload if isinstance(payload, dict) else {}
        errors = envelope.get("errors")
        raise AgentPayError(
            str(envelope.get("name", "INTERNAL_SERVER_ERROR")),
            str(envelope.get("message", f"HTTP {status}")),
            status,
            cast(List[FieldError], errors) if isinstance(errors, list) else [],
        )

    def _send(
        self, method: str, target: str, data: Optional[bytes], headers: Dict[str, str]
    ) -> Tuple[int, Optional[int], Any]:
        request = urllib.request.Request(
            self.base_url + target, data=data, headers=headers, method=method
        )
        try:
            with urllib.request.urlopen(request, timeout=self._timeout) as response:
                status, got, raw = response.status, response.headers, response.read()
        except urllib.error.HTTPError as error:
            status, got, raw = error.code, error.headers, error.read()
        stamp = got.get(signing.HEADER_SERVER_TIME)
        server_time = int(stamp) if stamp and stamp.isdigit() else None
        text = raw.decode("utf-8") if raw else ""
        try:
            payload = json.loads(text) if text else None
        except json.JSONDecodeError:
            payload = {"name": "INTERNAL_SERVER_ERROR", "message": text[:200]}
        return status, server_time, payload

    def receipt_keys(self) -> ReceiptKeys:
        """The service's receipt keys (its JWKS, public: no API key is sent), for
        ``verify_receipt``. Fetch them once and keep them: a receipt verifies offline."""
        status, _, payload = self._send("GET", "/.well-known/counter-receipts.json", None, {})
        if status != 200 or not isinstance(payload, dict):
            raise AgentPayError(
                "INTERNAL_SERVER_ERROR", f"The receipt keys could not be read: HTTP {status}", status
            )
        return cast(ReceiptKeys, payload)

    def verify_receipt(
        self,
        receipt: str,
        *,
        issuer: Optional[str] = None,
        business_id: Optional[str] = None,
        environment: Optional[str] = None,
    ) -> Receipt:
        """A receipt this client's service issued to this client's business: the module's
        ``verify_receipt`` with the service's keys (read again when the receipt names one not yet
        seen: the key rotated), ``issuer`` defaulting to ``base_url`` and ``business_id`` and
        ``environment`` to the client's agent's (or its API key's). Give any to check another."""
        from .receipts import verify_for_client  # receipts.py imports this module

        return verify_for_client(
            self, receipt, issuer=issuer, business_id=business_id, environment=environment
        )

    def _signed(self, method: str, path: str, **kwargs: Any) -> Any:
        return self._request(method, path, agent_id=self._require_agent(), **kwargs)


class _Agents:
    def __init__(self, client: AgentPay) -> None:
        self._c = client

    def register(
        self,
        name: str,
        description: Optional[str] = None,
        public_key_pem: Optional[str] = None,
    ) -> Agent:
        """Registers this key as an agent of the API key's business and environment
        (idempotent; a changed name or description is saved). With a custom signer, give
        ``public_key_pem``."""
        pem = public_key_pem or self._c._public_key_pem
        if not pem:
            raise AgentPayError("NO_KEY", "With a custom signer, register with public_key_pem")
        body: Dict[str, Any] = {"name": name, "publicKeyPem": pem}
        if description is not None:
            body = {"name": name, "description": description, "publicKeyPem": pem}
        agent = cast(
            Agent, self._c._request("POST", "/api/agents", body=body, agent_id=self._c._agent_id)
        )
        self._c._agent_id = agent["agentId"]
        return agent

    def me(self) -> Agent:
        """The signing agent, with its status."""
        return cast(Agent, self._c._signed("GET", "/api/agents/me"))

    def list(self, page: Optional[int] = None, size: Optional[int] = None) -> AgentPage:
        """The business's agents in this environment (the API key alone)."""
        return cast(
            AgentPage,
            self._c._request(
                "GET", "/api/agents", query={"page": page, "size": size}, signed=False
            ),
        )


#: A keyword of ``merchant.update`` and the field it sets.
_MERCHANT_FIELDS = {
    "name": "name",
    "address": "address",
    "company_number": "companyNumber",
    "vat_number": "vatNumber",
    "support_email": "supportEmail",
    "support_phone": "supportPhone",
    "logo": "logo",
    "settings": "settings",
}

#: Told apart from None, which clears a field.
_UNSET: Any = object()


class _Merchants:
    """The business's own profile and settings (the API key alone, unsigned)."""

    def __init__(self, client: AgentPay) -> None:
        self._c = client

    def get(self) -> Merchant:
        """Name, address, company and VAT numbers, support contact, logo URL and settings."""
        return cast(Merchant, self._c._request("GET", "/api/merchant", signed=False))

    def update(
        self,
        *,
        name: Optional[str] = _UNSET,
        address: Optional[str] = _UNSET,
        company_number: Optional[str] = _UNSET,
        vat_number: Optional[str] = _UNSET,
        support_email: Optional[str] = _UNSET,
        support_phone: Optional[str] = _UNSET,
        logo: Optional[str] = _UNSET,
        settings: Optional[Mapping[str, Any]] = _UNSET,
    ) -> Merchant:
        """Changes only the fields given; ``None`` clears one. ``logo`` is a data URL of a PNG
        or an SVG (at most 256 KiB); ``settings`` takes ``cardPayments``, ``remotePayments``,
        ``tips`` and ``defaultExpirySeconds``, applied to payments created from now on."""
        given = {
            "name": name,
            "address": address,
            "company_number": company_number,
            "vat_number": vat_number,
            "support_email": support_email,
            "support_phone": support_phone,
            "logo": logo,
            "settings": dict(settings) if isinstance(settings, Mapping) else settings,
        }
        body = {_MERCHANT_FIELDS[k]: v for k, v in given.items() if v is not _UNSET}
        return cast(Merchant, self._c._request("PATCH", "/api/merchant", body=body, signed=False))


class _Terminals:
    def __init__(self, client: AgentPay) -> None:
        self._c = client

    def show_basket(
        self, terminal_id: str, line_items: Sequence[LineItem], currency: str = "GBP"
    ) -> DisplayedBasket:
        """Shows a basket on the terminal's customer display (the API key alone, unsigned);
        the payment pushed to it next should be for the answer's ``totalAmount``. An empty list
        takes the basket off (docs/terminals.md, "The basket on the display")."""
        return cast(
            DisplayedBasket,
            self._c._request(
                "POST",
                f"/api/terminal/{_quote(terminal_id)}/display",
                body={"lineItems": list(line_items), "currency": currency},
                signed=False,
            ),
        )

    def push_payment(
        self,
        terminal_id: str,
        amount: float,
        *,
        line_items: Optional[Sequence[LineItem]] = None,
        notes: Optional[str] = None,
        payment_method: Optional[str] = None,
        metadata: Optional[Mapping[str, str]] = None,
        idempotency_key: Optional[str] = None,
    ) -> PushedPayment:
        """Creates a payment request and pushes it to the terminal (the API key alone, unsigned).
        ``line_items`` is its basket: shown on the terminal beside the code, kept with the payment
        and listed on every receipt; they must add up to ``amount`` (docs/terminals.md)."""
        body: Dict[str, Any] = {"id": terminal_id, "amount": amount}
        if line_items:
            body["lineItems"] = list(line_items)
        if notes is not None:
            body["notes"] = notes
        if payment_method is not None:
            body["paymentMethod"] = payment_method
        if metadata is not None:
            body["metadata"] = dict(metadata)
        return cast(
            PushedPayment,
            self._c._request(
                "POST",
                "/api/terminal/process-remote-payment",
                body=body,
                signed=False,
                idempotency_key=idempotency_key,
            ),
        )

    def payment_status(self, payment_request_id: str) -> PaymentStatusRecord:
        """Where a payment stands now, with its basket (``lineItems``) when it was created with one."""
        return cast(
            PaymentStatusRecord,
            self._c._request(
                "GET",
                f"/api/payments/v1/payment-status/{_quote(payment_request_id)}",
                signed=False,
            ),
        )


class _Secrets:
    """The merchant's access secrets (the API key alone, unsigned). Rotation without downtime:
    ``create`` a new one, move the integration to it, then ``revoke`` the old one
    (docs/security.md)."""

    def __init__(self, client: AgentPay) -> None:
        self._c = client

    def list(self) -> List[AccessSecret]:
        """The secrets in use: a sandbox key sees the sandbox ones, a production key both."""
        return cast(
            List[AccessSecret], self._c._request("GET", "/api/merchant/secrets", signed=False)
        )

    def create(self, environment: str) -> CreatedAccessSecret:
        """A new secret of ``environment`` ("sandbox", or "production" with a production key);
        its ``secret`` is shown only in this answer."""
        return cast(
            CreatedAccessSecret,
            self._c._request(
                "POST", "/api/merchant/secrets", body={"environment": environment}, signed=False
            ),
        )

    def revoke(self, secret_id: str) -> None:
        """Revokes a secret: refused from its next request on. The key making the call cannot
        revoke itself (AgentPayError CONFLICT, 409)."""
        self._c._request("DELETE", f"/api/merchant/secrets/{_quote(secret_id)}", signed=False)


class _Stores:
    """The merchant's stores (the API key alone, unsigned). An archived store's terminals take
    no new payments (``STORE_ARCHIVED``); the primary store cannot be archived."""

    def __init__(self, client: AgentPay) -> None:
        self._c = client

    def list(self) -> List[Store]:
        """Every store, the primary first, archived ones included."""
        return cast(List[Store], self._c._request("GET", "/api/stores", signed=False))

    def create(self, name: str, address: Optional[str] = None) -> Store:
        """A new store: a name and, optionally, an address."""
        body: Dict[str, Any] = {"name": name}
        if address is not None:
            body["address"] = address
        return cast(Store, self._c._request("POST", "/api/stores", body=body, signed=False))

    def update(
        self,
        store_id: str,
        *,
        name: Optional[str] = _UNSET,
        address: Optional[str] = _UNSET,
        archived: Optional[bool] = _UNSET,
    ) -> Store:
        """Changes only what is given: ``name``, ``address`` (``None`` removes it), ``archived``
        (``True`` archives it, ``False`` opens it again)."""
        given = {"name": name, "address": address, "archived": archived}
        body = {k: v for k, v in given.items() if v is not _UNSET}
        return cast(
            Store,
            self._c._request("PATCH", f"/api/stores/{_quote(store_id)}", body=body, signed=False),
        )


class _Contracts:
    def __init__(self, client: AgentPay) -> None:
        self._c = client

    def create(
        self,
        name: str,
        limits: Limits,
        type: Optional[str] = None,
        service_customer_id: Optional[str] = None,
        description: Optional[str] = None,
        idempotency_key: Optional[str] = None,
        approver: Optional[Approver] = None,
    ) -> Contract:
        """A new contract, PENDING_AUTHORIZATION, with the authorizationUrl for the human. Who
        approves is the service's choice: one of the business's approvers (SEND) or the customer
        (COLLECT), picked on that page, where approving needs the one-time code sent to them.
        ``approver`` (``{"email": ...}`` or ``{"phone": "+44..."}``) is an optional suggestion
        among those, which the page preselects."""
        body: Dict[str, Any] = {"name": name}
        if approver is not None:
            body["approver"] = approver
        if type is not None:
            body["type"] = type
        if service_customer_id is not None:
            body["serviceCustomerId"] = service_customer_id
        if description is not None:
            body["description"] = description
        body["limits"] = limits
        return cast(
            Contract,
            self._c._signed(
                "POST", "/api/agents/contracts", body=body, idempotency_key=idempotency_key
            ),
        )

    def get(self, contract_id: str) -> Contract:
        """The contract with its live usage."""
        return cast(
            Contract, self._c._signed("GET", f"/api/agents/contracts/{_quote(contract_id)}")
        )

    def list(
        self,
        page: Optional[int] = None,
        size: Optional[int] = None,
        type: Optional[str] = None,
        status: Optional[str] = None,
    ) -> ContractPage:
        """One page of the agent's contracts, newest first, filtered by type and status."""
        query = {"page": page, "size": size, "type": type, "status": status}
        return cast(ContractPage, self._c._signed("GET", "/api/agents/contracts", query=query))

    def list_all(self, type: Optional[str] = None, status: Optional[str] = None) -> List[Contract]:
        """Every contract matching the filters, across pages."""
        found: List[Contract] = []
        page = 0
        while True:
            batch = self.list(page=page, size=100, type=type, status=status)
            found.extend(batch["data"])
            if not batch["data"] or len(found) >= batch["totalCount"]:
                return found
            page += 1

    def update(self, contract_id: str, limits: Limits) -> Contract:
        """Stages new limits as pendingUpdate (the current limits stay enforced until the
        human approves them at the returned authorizationUrl)."""
        return cast(
            Contract,
            self._c._signed(
                "PUT", f"/api/agents/contracts/{_quote(contract_id)}", body={"limits": limits}
            ),
        )

    def await_active(
        self, contract_id: str, timeout_ms: int = 300_000, interval_ms: int = 1000
    ) -> Contract:
        """Polls until the contract is ACTIVE. Raises AgentPayError with code
        AUTHORIZATION_FAILED when it was declined or its link expired, AUTHORIZATION_TIMEOUT
        after ``timeout_ms``."""
        deadline = time.monotonic() + timeout_ms / 1000
        while True:
            contract = self.get(contract_id)
            if contract["status"] == "ACTIVE":
                return contract
            if contract["status"] in _TERMINAL_FAILURES:
                raise AgentPayError(
                    "AUTHORIZATION_FAILED",
                    f"The contract was not authorized: it is {contract['status']}",
                    contract=contract,
                )
            left = deadline - time.monotonic()
            if left <= 0:
                raise AgentPayError(
                    "AUTHORIZATION_TIMEOUT",
                    f"The contract is still {contract['status']} after {timeout_ms} ms",
                    contract=contract,
                )
            time.sleep(min(interval_ms / 1000, left))

    def revoke(self, contract_id: str) -> Contract:
        """Revokes the contract at once (the API key alone, as the business): REVOKED, and every
        later send or collect is refused with CONTRACT_REVOKED; payments already made stay.
        Revoking it again answers it unchanged."""
        return cast(
            Contract,
            self._c._request(
                "POST", f"/api/agents/contracts/{_quote(contract_id)}/revoke", signed=False
            ),
        )

    def send(
        self,
        contract_id: str,
        amount: float,
        payee: Mapping[str, str],
        reference: str,
        currency: Optional[str] = None,
        idempotency_key: Optional[str] = None,
    ) -> ContractPayment:
        """SEND: pays a payee's bank account under the contract's limits.

        The same ``idempotency_key`` on a retry replays the first answer instead of paying twice.
        """
        body: Dict[str, Any] = {"amount": amount, "payee": dict(payee), "reference": reference}
        if currency is not None:
            body["currency"] = currency
        return cast(
            ContractPayment,
            self._c._signed(
                "POST",
                f"/api/agents/contracts/{_quote(contract_id)}/payments",
                body=body,
                idempotency_key=idempotency_key,
            ),
        )

    def collect(
        self,
        contract_id: str,
        amount: float,
        order_id: str,
        notes: Optional[str] = None,
        currency: Optional[str] = None,
        idempotency_key: Optional[str] = None,
    ) -> ContractPayment:
        """COLLECT: charges the customer's linked card under the contract's limits.

        The same ``idempotency_key`` on a retry replays the first answer instead of charging twice.
        """
        body: Dict[str, Any] = {"amount": amount, "orderId": order_id}
        if notes is not None:
            body["notes"] = notes
        if currency is not None:
            body["currency"] = currency
        return cast(
            ContractPayment,
            self._c._signed(
                "POST",
                f"/api/agents/contracts/{_quote(contract_id)}/charges",
                body=body,
                idempotency_key=idempotency_key,
            ),
        )

    def payments(
        self,
        contract_id: str,
        page: Optional[int] = None,
        size: Optional[int] = None,
        status: Optional[str] = None,
    ) -> ContractPaymentPage:
        """The payments and charges made under a contract, newest first."""
        return cast(
            ContractPaymentPage,
            self._c._signed(
                "GET",
                f"/api/agents/contracts/{_quote(contract_id)}/payments",
                query={"page": page, "size": size, "status": status},
            ),
        )

    def payment(self, payment_id: str) -> ContractPayment:
        """One payment or charge."""
        return cast(
            ContractPayment, self._c._signed("GET", f"/api/agents/payments/{_quote(payment_id)}")
        )

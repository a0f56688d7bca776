"""A real SMTP server on loopback for the tests: it speaks enough of RFC 5321 (EHLO/HELO, MAIL,
RCPT, DATA, RSET, NOOP, QUIT) for the service's mailer, and keeps every message it receives, so
a test reads the one-time code the service e-mailed to a person, as that person would."""

from __future__ import annotations

import re
import socketserver
import threading
import time
from dataclasses import dataclass, field
from typing import List, Optional


@dataclass
class Mail:
    to: List[str]
    data: str


@dataclass
class _Envelope:
    to: List[str] = field(default_factory=list)


class Mailbox:
    def __init__(self) -> None:
        self.received: List[Mail] = []
        self._lock = threading.Lock()
        box = self

        class Handler(socketserver.StreamRequestHandler):
            def reply(self, line: str) -> None:
                self.wfile.write((line + "\r\n").encode())

            def handle(self) -> None:
                self.reply("220 mailbox.test ESMTP")
                envelope = _Envelope()
                while True:
                    raw = self.rfile.readline()
                    if not raw:
                        return
                    command = raw.decode("utf-8", "replace").strip()
                    verb = command.split(" ", 1)[0].upper()
                    if verb in ("EHLO", "HELO"):
                        self.reply("250 mailbox.test")
                    elif verb == "MAIL":
                        envelope = _Envelope()
                        self.reply("250 OK")
                    elif verb == "RCPT":
                        match = re.search(r"<([^>]*)>", command)
                        envelope.to.append(match.group(1) if match else "")
                        self.reply("250 OK")
                    elif verb == "DATA":
                        self.reply("354 End data with <CR><LF>.<CR><LF>")
                        lines: List[str] = []
                        while True:
                            line = self.rfile.readline().decode("utf-8", "replace")
                            if line.rstrip("\r\n") == "." or not line:
                                break
                            lines.append(line[1:] if line.startswith("..") else line)
                        with box._lock:
                            box.received.append(Mail(to=list(envelope.to), data="".join(lines)))
                        self.reply("250 OK: queued")
                    elif verb in ("RSET", "NOOP"):
                        self.reply("250 OK")
                    elif verb == "QUIT":
                        self.reply("221 Bye")
                        return
                    else:
                        self.reply("502 Command not implemented")

        class Server(socketserver.ThreadingTCPServer):
            daemon_threads = True
            allow_reuse_address = True

        self._server = Server(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        """The SMTP URL to give the service (``--smtp-url``)."""
        return f"smtp://127.0.0.1:{self._server.server_address[1]}"

    def code_for(self, to: str, timeout_s: float = 15.0, after: int = 0) -> str:
        """Waits for a message to ``to`` (the ``after``-th received or later) and returns the
        newest one's six-digit code."""
        deadline = time.monotonic() + timeout_s
        while True:
            with self._lock:
                mails = [m for m in self.received[after:] if to in m.to]
            code: Optional[re.Match[str]] = (
                re.search(r"\b(\d{6})\b", mails[-1].data) if mails else None
            )
            if code:
                return code.group(1)
            if time.monotonic() > deadline:
                raise AssertionError(f"no code was mailed to {to}")
            time.sleep(0.025)

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()

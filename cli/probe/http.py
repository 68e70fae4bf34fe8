"""Send ``probe``'s requests with the standard library: no proxy settings, no redirects, and
the key redacted from every text that comes back (a gateway may echo it)."""

from __future__ import annotations

import http.client
import json
import socket
import ssl
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from toolsearch import __version__
from toolsearch.errors import ServerError, UsageError
from toolsearch.probe.reply import Reply
from toolsearch.probe.requests import ANTHROPIC_VERSION, ProbeRequest

MAX_REPLY = 4 << 20
MESSAGE_LIMIT = 600


@dataclass(frozen=True)
class Endpoint:
    """Where the requests go: ``base`` ends in ``/v1`` (given or added)."""

    scheme: str
    host: str
    port: int | None
    base_path: str
    query: str

    def target(self, path: str) -> str:
        """The request target: the path under the base, with the query."""
        query = f"?{self.query}" if self.query else ""
        return f"{self.base_path}{path}{query}"

    def url(self, path: str) -> str:
        port = f":{self.port}" if self.port is not None else ""
        return f"{self.scheme}://{self.host}{port}{self.target(path)}"


def parse_endpoint(url: str, target: str, api_version: str | None) -> Endpoint:
    """The base URL as ``ANTHROPIC_BASE_URL``/``OPENAI_BASE_URL`` take it (``/v1`` optional)."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise UsageError(
            f"{url!r} is not an endpoint URL: give the base URL, e.g. https://api.anthropic.com "
            "or http://127.0.0.1:4000"
        )
    if parts.username is not None or parts.password is not None:  # never echo credentials
        raise UsageError(
            "the URL carries a user name or password: give it without them, with the key in an "
            "environment variable (--api-key-env)"
        )
    try:
        port = parts.port
    except ValueError:
        raise UsageError(f"{url!r}: the port is not a number from 0 to 65535") from None
    path = parts.path.rstrip("/")
    if not path.endswith("/v1"):
        path += "/v1"
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    query = parts.query
    if VERSION_IN_QUERY[target] and api_version:
        query = "&".join(q for q in (query, f"api-version={api_version}") if q)
    return Endpoint(parts.scheme, host, port, path, query)


# How each host takes the key, the API version and the beta header
KEY_HEADERS = {"api": ("x-api-key", ""), "openai": ("authorization", "Bearer ")}
VERSION_HEADERS = {"api": ("anthropic-version", ANTHROPIC_VERSION)}
VERSION_IN_QUERY = {"api": False, "openai": True}  # Azure OpenAI's api-version parameter
BETA_HEADERS = {"api": "anthropic-beta", "openai": "openai-beta"}


def headers_for(
    target: str, api_version: str | None, beta: tuple[str, ...], key: str
) -> dict[str, str]:
    """The headers, the key in its host's header (``key`` may be a placeholder to show)."""
    headers = {
        "content-type": "application/json",
        "accept": "application/json",
        "user-agent": f"toolsearch/{__version__} (probe)",
    }
    name, prefix = KEY_HEADERS[target]
    headers[name] = f"{prefix}{key}"
    if target in VERSION_HEADERS:
        header, default = VERSION_HEADERS[target]
        headers[header] = api_version or default
    if beta:
        headers[BETA_HEADERS[target]] = ",".join(beta)
    return headers


def redact(text: str, key: str, shown: str) -> str:
    """The text with every copy of the key replaced by ``shown``."""
    return text.replace(key, shown) if key else text


class Sender:
    """Sends the requests of one run to one endpoint."""

    def __init__(
        self, endpoint: Endpoint, headers: dict[str, str], key: str, key_env: str, timeout: float
    ) -> None:
        self.endpoint = endpoint
        self.headers = headers
        self.key = key
        self.shown = f"${key_env}"
        self.timeout = timeout

    def send(self, request: ProbeRequest) -> Reply:
        """POST one request; an endpoint that cannot be reached is a ServerError (one line)."""
        data = json.dumps(request.body).encode()
        connection = self._connection()
        try:
            connection.request(
                "POST", self.endpoint.target(request.path), body=data, headers=self.headers
            )
            response = connection.getresponse()
            raw = response.read(MAX_REPLY + 1)
            status = response.status
        except (OSError, http.client.HTTPException) as error:
            where = self.endpoint.url("")
            raise ServerError(f"{where}: cannot reach the endpoint: {_reason(error)}") from None
        finally:
            connection.close()
        text = redact(raw[:MAX_REPLY].decode("utf-8", "replace"), self.key, self.shown)
        try:
            body: Any = json.loads(text)
        except ValueError:
            body = None
        message = "" if 200 <= status < 300 else _error_text(body, text)
        return Reply(status, body, message)

    def _connection(self) -> http.client.HTTPConnection:
        host = self.endpoint.host.strip("[]")
        if self.endpoint.scheme == "https":
            return http.client.HTTPSConnection(
                host,
                self.endpoint.port,
                timeout=self.timeout,
                context=ssl.create_default_context(),
            )
        return http.client.HTTPConnection(host, self.endpoint.port, timeout=self.timeout)


def _reason(error: BaseException) -> str:
    if isinstance(error, socket.timeout | TimeoutError):
        return "no answer within the timeout (--timeout)"
    if isinstance(error, ConnectionRefusedError):
        return "connection refused"
    if isinstance(error, socket.gaierror):
        return f"unknown host ({error.strerror or error})"
    if isinstance(error, ssl.SSLError):
        return f"TLS failed ({error.reason or error})"
    if isinstance(error, OSError) and error.strerror:
        return error.strerror.lower()
    return f"{type(error).__name__}: {error}"


def _error_text(body: Any, text: str) -> str:
    """The error's own message (Anthropic, OpenAI and LiteLLM all nest it under ``error``)."""
    found: Any = None
    if isinstance(body, dict):
        error = body.get("error")
        if isinstance(error, dict):
            found = error.get("message")
        elif isinstance(error, str):
            found = error
        found = found or body.get("message") or body.get("detail")
    message = found if isinstance(found, str) and found else text
    flat = " ".join(message.split())
    return flat if len(flat) <= MESSAGE_LIMIT else flat[: MESSAGE_LIMIT - 1] + "…"

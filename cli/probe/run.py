"""A probe's run: its options, the requests sent one after another, the replies judged.

A few small requests, with the key from an environment variable, then five checks (issue 30).
Imported only by ``probe``: no other command pays for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from toolsearch.config import ENV_NAME, PROBE_TARGETS, Config
from toolsearch.errors import ServerError, UsageError
from toolsearch.hosts import host_named
from toolsearch.probe.checks import Check, judge, verdict
from toolsearch.probe.http import Endpoint, Sender, headers_for, parse_endpoint
from toolsearch.probe.reply import Reply, mentions_beta
from toolsearch.probe.requests import ProbeRequest, requests_for

DEFAULT_KEY_ENV = {"api": "ANTHROPIC_API_KEY", "openai": "OPENAI_API_KEY"}
HOST_NAMES = {"api": "Anthropic Messages", "openai": "OpenAI Responses"}


@dataclass(frozen=True)
class ProbeOptions:
    """The options of one run, after the config filled in what the command line left out."""

    url: str
    target: str
    model: str
    key_env: str
    api_version: str | None
    beta: tuple[str, ...]
    dry_run: bool
    timeout: float
    fmt: str = "text"


@dataclass(frozen=True)
class Exchange:
    """One request sent and what came back (status and billed input tokens)."""

    name: str
    purpose: str
    status: int
    input_tokens: int | None


@dataclass(frozen=True)
class ProbeReport:
    """A run: the requests (shown, with the key as its variable's name) and, unless a dry
    run, what came back, the checks and the verdict."""

    url: str
    target: str
    host: str
    model: str
    key_env: str
    dry_run: bool
    endpoint: Endpoint
    headers: Mapping[str, str]
    requests: tuple[ProbeRequest, ...]
    exchanges: tuple[Exchange, ...] = ()
    checks: tuple[Check, ...] = ()
    verdict: str = ""

    @property
    def failed(self) -> bool:
        return any(check.status == "failed" for check in self.checks)


def probe_options(
    url: str,
    config: Config,
    *,
    target: str | None,
    model: str | None,
    key_env: str | None,
    api_version: str | None,
    beta: list[str] | None,
    dry_run: bool,
    timeout: float,
    fmt: str,
) -> ProbeOptions:
    """The command line over the config's ``probe`` section over the host's defaults."""
    chosen = target or config.probe_target or "api"
    if chosen not in PROBE_TARGETS:
        raise UsageError(f"--target must be api or openai for probe, not {chosen!r}")
    betas = tuple(b.strip() for given in (beta or config.probe_beta) for b in given.split(","))
    chosen_env = key_env or config.probe_api_key_env or DEFAULT_KEY_ENV[chosen]
    if not ENV_NAME.match(chosen_env):  # a key given by mistake: never echo it
        raise UsageError(
            "--api-key-env takes the name of an environment variable (letters, digits and _), "
            "not a key; the value given is not shown"
        )
    return ProbeOptions(
        url=url,
        target=chosen,
        model=model or config.probe_model or host_named(chosen).default_model,
        key_env=chosen_env,
        api_version=api_version or config.probe_api_version,
        beta=tuple(b for b in betas if b),
        dry_run=dry_run,
        timeout=timeout,
        fmt=fmt,
    )


def run(options: ProbeOptions, environ: Mapping[str, str]) -> ProbeReport:
    """The requests (sent unless a dry run) and, when sent, the checks and the verdict."""
    endpoint = parse_endpoint(options.url, options.target, options.api_version)
    requests = tuple(requests_for(options.target, options.model))
    placeholder = f"${options.key_env}"
    report = ProbeReport(
        url=options.url,
        target=options.target,
        host=HOST_NAMES[options.target],
        model=options.model,
        key_env=options.key_env,
        dry_run=options.dry_run,
        endpoint=endpoint,
        headers=headers_for(options.target, options.api_version, options.beta, placeholder),
        requests=requests,
    )
    return report if options.dry_run else _send_all(report, options, environ)


def _send_all(
    report: ProbeReport, options: ProbeOptions, environ: Mapping[str, str]
) -> ProbeReport:
    key = environ.get(options.key_env, "").strip()
    if not key:
        raise UsageError(
            f"probe needs an API key in ${options.key_env}: set it, or name another variable "
            "with --api-key-env (--dry-run shows the requests without one)"
        )
    headers = headers_for(options.target, options.api_version, options.beta, key)
    sender = Sender(report.endpoint, headers, key, options.key_env, options.timeout)
    replies: dict[str, Reply] = {}
    exchanges: list[Exchange] = []
    for request in report.requests:
        reply = sender.send(request)
        replies[request.name] = reply
        exchanges.append(Exchange(request.name, request.purpose, reply.status, reply.input_tokens))
        if request.name == "baseline" and reply.ok and not isinstance(reply.body, dict):
            raise ServerError(
                f"{report.endpoint.url(request.path)}: answered {reply.status} but not with a "
                f"JSON object: is it an {report.host} endpoint? (--target api|openai)"
            )
        if request.name == "baseline" and not reply.ok:
            if options.beta and mentions_beta(reply):
                break  # every request carries the header: check 5 says why, the rest cannot run
            raise ServerError(
                f"{report.endpoint.url(request.path)}: a plain request was answered "
                f"{reply.status}: {reply.message or 'no error text'}; check the URL, the key "
                f"in ${options.key_env} and --model"
            )
    checks = judge(options.target, replies, options.beta)
    return replace(
        report,
        exchanges=tuple(exchanges),
        checks=tuple(checks),
        verdict=verdict(options.target, checks),
    )

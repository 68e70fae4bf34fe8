"""``toolsearch probe``'s command line: its options, handed to ``toolsearch.commands.probe``."""

from __future__ import annotations

from typing import Annotated

import typer

from toolsearch.cli.options import ConfigOpt, OutputOpt
from toolsearch.cli.running import run_command
from toolsearch.hosts import host_named


def probe(
    url: Annotated[
        str,
        typer.Argument(
            metavar="URL",
            help="The endpoint's base URL (as ANTHROPIC_BASE_URL or OPENAI_BASE_URL).",
        ),
    ],
    target: Annotated[
        str | None,
        typer.Option(
            "--target",
            metavar="api|openai",
            help="api: Anthropic Messages; openai: Responses (default: config probe.target, "
            "else api).",
        ),
    ] = None,
    model: Annotated[
        str | None,
        typer.Option(
            "--model",
            metavar="MODEL",
            help="The model the requests name (default: config probe.model, else the host's "
            f"default model: {host_named('api').default_model}, or "
            f"{host_named('openai').default_model} under --target openai).",
        ),
    ] = None,
    api_key_env: Annotated[
        str | None,
        typer.Option(
            "--api-key-env",
            metavar="VAR",
            help="The environment variable holding the key (default: ANTHROPIC_API_KEY, sent "
            "as x-api-key; OPENAI_API_KEY, sent as a bearer token).",
        ),
    ] = None,
    api_version: Annotated[
        str | None,
        typer.Option(
            "--api-version",
            metavar="VERSION",
            help="api: the anthropic-version header (default 2023-06-01); openai: the "
            "api-version query parameter (Azure).",
        ),
    ] = None,
    beta: Annotated[
        list[str] | None,
        typer.Option(
            "--beta",
            metavar="NAME",
            help="A beta header value to send and check (repeatable; anthropic-beta or "
            "OpenAI-Beta).",
        ),
    ] = None,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Print the requests; send nothing (no key needed).")
    ] = False,
    timeout: Annotated[
        float,
        typer.Option("--timeout", metavar="SECONDS", help="Seconds to wait for each reply.", min=1),
    ] = 120.0,
    output_format: Annotated[
        str | None,
        typer.Option("--format", "-f", metavar="FORMAT", help="text, json or markdown."),
    ] = None,
    config: ConfigOpt = None,
    output_file: OutputOpt = None,
) -> None:
    """Check that an endpoint (gateway, proxy) keeps tool search working: a few small requests."""
    run_command(
        "probe",
        output_file,
        url=url,
        target=target,
        model=model,
        api_key_env=api_key_env,
        api_version=api_version,
        beta=beta,
        dry_run=dry_run,
        timeout=timeout,
        output_format=output_format,
        config=config,
        output_file=output_file,
    )

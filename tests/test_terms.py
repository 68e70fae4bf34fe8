"""The one tokenizer: identifier splitting, case, accents, CJK, stopwords and stemming."""

from __future__ import annotations

import pytest

from toolsearch.retrieval.terms import STOPWORDS, term_spans, terms, words


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("get_weather", ["get", "weather"]),  # snake_case
        ("getWeather", ["get", "weather"]),  # camelCase
        ("GetWeather", ["get", "weather"]),  # PascalCase
        ("get-weather", ["get", "weather"]),  # kebab-case
        ("weather.get", ["weather", "get"]),  # dotted
        ("mcp__slack__post_message", ["mcp", "slack", "post", "message"]),
        ("HTTPServer", ["http", "server"]),  # acronym
        ("getHTTPResponse", ["get", "http", "response"]),
        ("utf8Decode", ["utf", "8", "decode"]),  # letter/digit boundary
        ("API-get-user", ["api", "get", "user"]),
        ("  spaced   out\ttext\n", ["spaced", "out", "text"]),
    ],
)
def test_identifier_splitting(text: str, expected: list[str]) -> None:
    assert words(text) == expected


def test_accents_full_width_and_other_scripts() -> None:
    assert words("Café résumé") == ["cafe", "resume"]
    assert words("\uff21\uff22\uff23 \uff44\uff45\uff46") == ["abc", "def"]  # full-width
    assert words("Привет мир") == ["привет", "мир"]  # kept, lower-cased
    assert words("naïveBayes") == ["naive", "bayes"]


def test_cjk_is_cut_into_bigrams() -> None:
    assert words("查询天气") == ["查询", "询天", "天气"]
    assert words("天") == ["天"]
    assert words("東京のホテル") == ["東京", "京の", "のホ", "ホテ", "テル"]
    assert words("get天气data") == ["get", "天气", "data"]
    # A Chinese query finds a Chinese description through shared bigrams.
    assert set(terms("天气")) <= set(terms("查询城市天气预报"))


def test_stopwords_dropped_and_words_stemmed() -> None:
    assert terms("The user is searching for files") == ["user", "search", "file"]
    assert terms("list_repositories") == terms("List repository")
    assert terms("created creating creates") == ["creat"] * 3
    assert terms("the of and") == []
    for kept in ("get", "list", "find", "all", "new", "not", "send"):
        assert kept not in STOPWORDS
    assert 100 <= len(STOPWORDS) <= 160


def test_term_spans_point_into_the_original_text() -> None:
    text = "Send an HTTPRequest to the server"
    spans = term_spans(text)
    assert [(text[a:b], t) for a, b, t in spans] == [
        ("Send", "send"),
        ("HTTP", "http"),
        ("Request", "request"),
        ("server", "server"),
    ]
    text = "Café 天气"
    assert [(text[a:b], t) for a, b, t in term_spans(text)] == [("Café", "cafe"), ("天气", "天气")]


def test_terms_is_stable_with_a_warm_cache() -> None:
    text = "getUserProfile returns the user's profile"
    assert terms(text) == terms(text) == ["get", "user", "profil", "return", "user", "s", "profil"]


def test_the_c_stemmer_stems_as_snowballs_pure_python_one() -> None:
    # PyStemmer (C) is what snowballstemmer uses when installed; its pure-Python English
    # stemmer is the fallback. Both must give every term the same stem.
    from snowballstemmer.english_stemmer import EnglishStemmer

    from toolsearch.retrieval.terms import term_of

    pure = EnglishStemmer()
    samples = [
        *(
            f"{stem}{suffix}"
            for stem in ("generous", "nation", "cry", "sky", "proceed", "argu")
            for suffix in ("", "s", "ed", "ing", "ly", "ness", "ational", "ization", "ies")
        ),
        "running",
        "searches",
        "dying",
        "news",
        "canning",
        "herring",
        "earring",
        "atlas",
    ]
    for word in samples:
        if word not in STOPWORDS:
            assert term_of(word) == pure.stemWord(word), word

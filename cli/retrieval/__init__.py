"""Retrieval: the one tokenizer, BM25 and regex search as the tool search tool runs them, queries,
eval cases and their metrics, and the library behind ``toolsearch.search``."""

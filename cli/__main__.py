"""``python -m toolsearch``."""

from toolsearch.app import main

main()

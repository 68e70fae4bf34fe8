"""``python -m toolsearch``."""

from toolsearch.entry import main

main()

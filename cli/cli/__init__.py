"""The command line: the only package that imports typer. One module per command, each a typer
signature whose body hands the values to its ``toolsearch.commands`` module (no logic here:
``tests/test_cli_layer.py`` checks), plus the group and usage errors, the shared options, and
the runner that writes the report and turns errors into one line and an exit code."""

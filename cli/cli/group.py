"""The ``toolsearch`` group and its commands as click sees them: usage lines, the command list
in ``--help``, stray arguments and unknown commands refused in toolsearch's words."""

from __future__ import annotations

import sys
from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup

from toolsearch.cli.usage_errors import OwnUsageError, _errors, option_error
from toolsearch.errors import ExitCode


class ToolsearchCommand(TyperCommand):
    """A command whose usage line names arguments alike (``QUERY [SOURCE]...``) and whose stray
    arguments are refused in toolsearch's words."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces = super().collect_usage_pieces(ctx)
        return [piece.replace("{", "").replace("}", "") for piece in pieces]

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        ctx.allow_extra_args = True  # left-over arguments land in ctx.args, refused here
        rest: list[str] = super().parse_args(ctx, args)
        if ctx.args and not ctx.resilient_parsing:
            raise OwnUsageError(
                f"unexpected argument {ctx.args[0]!r}: {ctx.command_path} takes no more arguments",
                ctx,
            )
        return rest


class ToolsearchGroup(TyperGroup):
    """The ``toolsearch`` group: whole one-line descriptions in ``--help``, and every error of
    option parsing as one ``toolsearch: error:`` line with exit code 2."""

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, (command.help or "").strip().split("\n")[0]))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        name = args[0]
        if self.get_command(ctx, name) is None and not name.startswith("-"):
            from toolsearch.config import suggest

            known = self.list_commands(ctx)
            raise OwnUsageError(
                f"no command {name!r}{suggest(name, known)}; the commands are {', '.join(known)}",
                ctx,
            )
        return super().resolve_command(ctx, args)

    def main(self, *args: Any, **kwargs: Any) -> Any:
        if not kwargs.pop("standalone_mode", True):
            return super().main(*args, standalone_mode=False, **kwargs)  # type: ignore[misc]
        argv = list(args[0] if args else kwargs.get("args") or sys.argv[1:])
        try:
            code = super().main(*args, standalone_mode=False, **kwargs)  # type: ignore[misc]
        except _errors.NoArgsIsHelpError as error:
            error.show()  # the help itself, as with no arguments before
            sys.exit(error.exit_code)
        except _errors.ClickException as error:
            try:
                message = option_error(error, argv, self._params_of(argv))
            except Exception:  # never a traceback for a usage error: click's words instead
                message = " ".join(str(error.format_message()).split())
            sys.stderr.write(f"toolsearch: error: {message}\n")
            sys.exit(ExitCode.ERROR)
        except typer.Abort:
            sys.stderr.write("toolsearch: interrupted\n")
            sys.exit(ExitCode.INTERRUPTED)
        sys.exit(code if isinstance(code, int) else 0)

    def _params_of(self, argv: list[str]) -> list[Any]:
        """The parameters of the command the arguments name (for errors that carry no context)."""
        command = self.commands.get(argv[0]) if argv else None
        return list(command.params) if command is not None else []

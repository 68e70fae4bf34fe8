"""Usage errors in toolsearch's own words: every error of option parsing as one line that names
the option, the value and where help is (click's own wording is the fallback)."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from typer.core import TyperCommand

# The click that typer runs on: its own copy (typer 0.28) or the click package (older typers).
_CLICK = TyperCommand.__mro__[1].__module__.rpartition(".")[0]
_errors: Any = importlib.import_module(f"{_CLICK}.exceptions")
_types: Any = importlib.import_module(f"{_CLICK}.types")


class OwnUsageError(_errors.UsageError):  # type: ignore[misc]
    """A usage error whose message toolsearch wrote (printed as it is)."""


def option_error(error: Any, argv: list[str], params: list[Any]) -> str:
    """A parsing error in toolsearch's words, naming the option, the value and where help is."""
    from toolsearch.sanitize import one_line

    ctx = getattr(error, "ctx", None)
    where = f"; see '{ctx.command_path} --help'" if ctx is not None else ""
    if isinstance(error, OwnUsageError):
        message = error.message
    elif isinstance(error, _errors.NoSuchOption):
        message = f"no such option: {error.option_name}"
        if error.possibilities:
            message += f" (did you mean {', '.join(sorted(error.possibilities))}?)"
    elif isinstance(error, _errors.BadOptionUsage):
        option = _find_option(ctx.command.params if ctx is not None else params, error.option_name)
        needs = "takes no value" if option is not None and option.is_flag else "needs a value"
        message = f"{error.option_name} {needs}"
    elif isinstance(error, _errors.MissingParameter) and error.param is not None:
        message = f"missing {_param_label(error.param)}"
    elif isinstance(error, _errors.BadParameter) and error.param is not None:
        message = _bad_value(error.param, ctx, argv)
    else:  # nothing toolsearch knows how to say better: click's own words, on one line
        message = error.format_message()
    return one_line(str(message)) + where


def _find_option(params: list[Any], name: str) -> Any:
    for param in params:
        if _is_option(param) and name in (*param.opts, *param.secondary_opts):
            return param
    return None


def _is_option(param: Any) -> bool:
    return getattr(param, "param_type_name", None) == "option"


def _param_label(param: Any, argv: Sequence[str] = ()) -> str:
    """An option as the user wrote it (``-n`` or ``--limit``), else its long name; an argument
    by its metavar (``QUERY``)."""
    if _is_option(param):
        names = [*param.opts, *param.secondary_opts]
        used = [n for n in names if any(w == n or w.startswith(n + "=") for w in argv)]
        return str(used[0] if used else max(names, key=len, default=param.name))
    return str(param.metavar or param.name).upper().strip("[].")


def _expects(kind: Any) -> str:
    """What a parameter type takes, in words."""
    if isinstance(kind, _types.IntRange | _types.FloatRange):
        noun = "a whole number" if isinstance(kind, _types.IntRange) else "a number"
        if kind.min is not None and kind.max is not None:
            return f"{noun} from {kind.min:,} to {kind.max:,}"
        if kind.min is not None:
            return f"{noun} of {kind.min:,} or more"
        if kind.max is not None:
            return f"{noun} of {kind.max:,} or less"
        return noun
    if isinstance(kind, _types.IntParamType):
        return "a whole number"
    if isinstance(kind, _types.FloatParamType):
        return "a number"
    if isinstance(kind, _types.Choice):
        return "one of " + ", ".join(str(c) for c in kind.choices)
    return f"a valid {kind.name}"


def _bad_value(param: Any, ctx: Any, argv: list[str]) -> str:
    """``--max-upfront: 'abc' is not a whole number of 0 or more``: the value found again in
    the arguments (the one the parameter's type refuses)."""
    label = _param_label(param, argv)
    expects = _expects(param.type)
    for value in _given_values(param, argv):
        try:
            param.type.convert(value, param, ctx)
        except _errors.BadParameter:
            return f"{label}: {value!r} is not {expects}"
    return f"{label} takes {expects}"


def _given_values(param: Any, argv: list[str]) -> list[str]:
    """The values given on the command line for an option (``--opt V`` or ``--opt=V``)."""
    if not _is_option(param):
        return []
    names = (*param.opts, *param.secondary_opts)
    values = []
    for index, word in enumerate(argv):
        if word in names and index + 1 < len(argv):
            values.append(argv[index + 1])
        elif "=" in word and word.split("=", 1)[0] in names:
            values.append(word.split("=", 1)[1])
    return values

"""Command bodies: option records in, report text and an exit code out. No typer here."""

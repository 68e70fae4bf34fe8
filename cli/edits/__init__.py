"""Editing catalog files in place, keeping their layout: the edits ``lint --fix`` and
``recommend --apply`` both make, rendered, checked, shown as diffs and written back."""

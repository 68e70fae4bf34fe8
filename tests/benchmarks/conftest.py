"""Benchmarks are scripts run by hand (see README), never collected by the test run."""

collect_ignore_glob = ["*.py"]

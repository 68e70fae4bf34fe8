"""Reporters: each turns result records into text for one output format; none computes."""

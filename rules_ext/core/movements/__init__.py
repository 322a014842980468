"""Movements (placeholder: the public API is filled in below)."""

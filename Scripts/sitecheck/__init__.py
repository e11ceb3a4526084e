"""The quality gates that `make site-checks` runs on a built Primer site (see check-site.py)."""

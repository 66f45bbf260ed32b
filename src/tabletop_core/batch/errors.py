"""Errors of batch play.  All are TabletopErrors, so the CLI ends them with one line and exit 2."""
from __future__ import annotations

from ..errors import TabletopError


class BatchError(TabletopError):
    """A batch cannot start or go on (bad arguments, unusable output directory, broken workers)."""


class DaskNotInstalledError(BatchError):
    """``--executor dask`` was asked for, but Dask's distributed scheduler is not installed."""

    def __init__(self) -> None:
        super().__init__("the dask executor needs Dask's distributed scheduler: pip install 'tabletop[dask]'")


class ResumeMismatchError(BatchError):
    """``--resume`` was asked to continue a batch that is not the one in the output directory."""


class WorkerSetupError(BatchError):
    """A worker could not build the ruleset (a plug-in module missing on a cluster worker, ...)."""

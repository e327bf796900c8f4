# A small package laid out as real ones are: helpers in sibling modules,
# constants computed with Python, decorators of its own, conditional
# imports. Only host code runs in here under Python; Trident reads it.
from .utils import exp2_scaled  # re-exported: `from kpkg import exp2_scaled`
from . import constants

__all__ = ["exp2_scaled", "constants"]

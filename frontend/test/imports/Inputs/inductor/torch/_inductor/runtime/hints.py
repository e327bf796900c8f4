# Stand-in for TorchInductor's hints module: host-side classes its generated
# kernel files import and pass to the heuristics decorators.
import collections
import enum


class ReductionHint(enum.Enum):
    INNER = 0
    OUTER = 1
    DEFAULT = 3


DeviceProperties = collections.namedtuple(
    "DeviceProperties", ["type", "index", "multi_processor_count", "cc", "major"])

# Stand-in for TorchInductor's hints module: host-side classes its generated
# kernel files import and pass to the heuristics decorators.
import collections
import enum


class ReductionHint(enum.Enum):
    INNER = 0
    OUTER = 1
    DEFAULT = 3


class AutotuneHint(enum.Enum):
    ONE_ELEMENT_PER_THREAD = 0


class TileHint(enum.Enum):
    SQUARE = 0
    DEFAULT = 1


DeviceProperties = collections.namedtuple(
    "DeviceProperties", ["type", "index", "multi_processor_count", "cc", "major",
                         "regs_per_multiprocessor", "max_threads_per_multi_processor",
                         "max_threads_per_block", "warp_size"],
    defaults=(None, None, None, None))

# flash-linear-attention's pattern (fla/utils/_device.py): device flags
# computed by host functions when the package is imported.


def _probe_fast_path():
    return True


IS_FAST = _probe_fast_path()

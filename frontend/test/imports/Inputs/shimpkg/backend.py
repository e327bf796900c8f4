import importlib


def get_tl_extra_backend_module():
    """FlagGems' pattern: the vendor's libdevice module, picked at run time."""
    name = "cuda"
    return importlib.import_module(f"triton.language.extra.{name}.libdevice")

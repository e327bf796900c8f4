# A stand-in for torch's package root (torch is not installed here): the
# compiler must not read it -- `torch` itself is modeled -- so host syntax
# it could not parse is harmless.
match __name__:
    case "torch":
        pass

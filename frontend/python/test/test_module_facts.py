"""Module-level names only the interpreter can decide (issue: frontend III),
under Python: the package hands the compiler the interpreter's facts."""
from conftest import HERE, run_script


def test_names_the_interpreter_decides():
    r = run_script(f"{HERE}/scripts/module_facts.py")
    assert r.returncode == 0, r.stderr
    assert "module bound by a function: trident.language.extra.cuda.libdevice" in r.stdout
    assert "decorator aliases: ok" in r.stdout
    assert "guarded libdevice: ok" in r.stdout
    assert "constants computed by a call: ok" in r.stdout
    assert "flags decided by the interpreter: ok" in r.stdout
    assert "imported values computed by host functions: ok" in r.stdout


def test_facts_are_only_modules_of_triton_language():
    import types

    import trident as triton
    import trident.language

    @triton.jit
    def k(x_ptr):
        pass

    g = k.__globals__
    g["_probe_other"] = types.ModuleType("numpy.fake")
    g["_probe_shim"] = trident.language
    try:
        facts = dict(k._module_facts("_probe_other _probe_shim"))
        unmentioned = dict(k._module_facts("nothing here"))
    finally:
        del g["_probe_other"], g["_probe_shim"]
    assert "_probe_other" not in facts  # not a triton.language module
    assert facts.get("_probe_shim") == "module:triton.language"  # trident. -> triton.
    assert "_probe_shim" not in unmentioned  # only names the file's text mentions


def test_constant_facts():
    import trident as triton

    @triton.jit
    def k(x_ptr):
        pass

    g = k.__globals__
    probes = {"_p_int": 7, "_p_float": 0.25, "_p_bool": True,
              "_p_big": 2 ** 70, "_p_nan": float("nan"), "_p_str": "7"}
    g.update(probes)
    try:
        facts = dict(k._module_facts(" ".join(probes)))
    finally:
        for name in probes:
            del g[name]
    assert facts["_p_int"] == "value:7"
    assert facts["_p_float"] == "value:0.25"
    assert facts["_p_bool"] == "value:True"
    # Not Python literals the compiler takes: no fact.
    assert "_p_big" not in facts and "_p_nan" not in facts and "_p_str" not in facts

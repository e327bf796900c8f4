"""Module-level names only the interpreter can decide (issue: frontend III),
under Python: the package hands the compiler the interpreter's facts."""
from conftest import HERE, run_script


def test_names_the_interpreter_decides():
    r = run_script(f"{HERE}/scripts/module_facts.py")
    assert r.returncode == 0, r.stderr
    assert "module bound by a function: trident.language.extra.cuda.libdevice" in r.stdout
    assert "decorator aliases: ok" in r.stdout
    assert "guarded libdevice: ok" in r.stdout


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

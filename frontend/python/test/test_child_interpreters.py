"""Under `python -m trident`, the interpreters a script starts (compile
workers, multiprocessing's spawned children) run on Trident as well."""
from conftest import HERE, run_script


def test_children_import_trident_before_an_installed_triton(tmp_path):
    installed = tmp_path / "site" / "triton"
    installed.mkdir(parents=True)
    (installed / "__init__.py").write_text("")
    (installed / "language.py").write_text("")
    r = run_script(f"{HERE}/scripts/child_interpreters.py",
                   env={"PYTHONPATH": f"{HERE}/..:{tmp_path / 'site'}"})
    assert r.returncode == 0, r.stderr
    lines = dict(l.strip().split(" ", 1) for l in r.stdout.splitlines())
    assert lines["parent"] == "trident"
    assert lines["inherited"] == "trident trident.language"
    assert lines["sys.path"] == "trident trident.language"
    assert lines["spawned"] == "trident"


def test_without_the_dropin_children_keep_the_installed_triton(tmp_path):
    installed = tmp_path / "site" / "triton"
    installed.mkdir(parents=True)
    (installed / "__init__.py").write_text("")
    (installed / "language.py").write_text("")
    r = run_script(f"{HERE}/scripts/child_interpreters.py", dropin=False,
                   env={"PYTHONPATH": f"{HERE}/..:{tmp_path / 'site'}"})
    assert r.returncode == 0, r.stderr
    assert "inherited triton triton.language" in r.stdout

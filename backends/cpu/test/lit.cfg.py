# lit configuration of the cpu backend's tests: `%cpu-opt` is trident-opt
# with the cpu plugin loaded, so its passes can be run one at a time.
# Shared setup: cmake/lit/trident_lit.py.
import trident_lit

trident_lit.configure(config, "trident-cpu-backend", [".mlir", ".test"])
config.substitutions.append(
    ("%cpu-opt",
     "trident-opt --load-plugin " + trident_lit.plugin(config, "cpu_backend")))

# A kernel package for the warm-cache benchmark (docs/performance.md): the
# kernel file imports three sibling modules.

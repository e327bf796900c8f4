# Garbled inputs (in Inputs/, which lit does not collect as tests) must be
# rejected cleanly: no crash, no hang, and an `error:` diagnostic that names
# the input file.  `not` fails if tridentc dies from a signal, and the check
# below matches only the FILE[:LINE:COL]: error: form of a compile error, not
# the "tridentc: error:" of a usage error (exit status 2), so each line holds
# only if tridentc exits with status 1.  The exact messages are not checked.
#
# RUN: not tridentc %S/Inputs/bad_utf8.py --kernel k --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=BADUTF8
# RUN: not tridentc %S/Inputs/binary_noise.py --kernel k --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=BINARYNOISE
# RUN: not tridentc %S/Inputs/bracket_soup.py --kernel k --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=BRACKETSOUP
# RUN: not tridentc %S/Inputs/crlf_tabs.py --kernel k --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=CRLFTABS
# RUN: not tridentc %S/Inputs/dangling_decorator.py --kernel k --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=DANGLINGDECORATOR
# RUN: not tridentc %S/Inputs/deep_blocks.py --kernel k --signature '*fp32:16, i32' 2>&1 | FileCheck %s --check-prefix=DEEPBLOCKS
# RUN: not tridentc %S/Inputs/deep_parens.py --kernel k --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=DEEPPARENS
# RUN: not tridentc %S/Inputs/huge_literals.py --kernel k --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=HUGELITERALS
# RUN: not tridentc %S/Inputs/keyword_soup.py --kernel k --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=KEYWORDSOUP
# RUN: not tridentc %S/Inputs/long_chain.py --kernel k --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=LONGCHAIN
# RUN: not tridentc %S/Inputs/no_code.py --kernel k --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=NOCODE
# RUN: not tridentc %S/Inputs/not_python.py --kernel k --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=NOTPYTHON
# RUN: not tridentc %S/Inputs/nul_bytes.py --kernel k --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=NULBYTES
# RUN: not tridentc %S/Inputs/operator_soup.py --kernel k --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=OPERATORSOUP
# RUN: not tridentc %S/Inputs/shuffled_lines.py --kernel k --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=SHUFFLEDLINES
# RUN: not tridentc %S/Inputs/truncated_kernel.py --kernel k --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=TRUNCATEDKERNEL
# RUN: not tridentc %S/Inputs/unterminated_docstring.py --kernel k --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=UNTERMINATEDDOCSTRING

# BADUTF8: Inputs{{/|\\}}bad_utf8.py:{{([0-9]+:[0-9]+:)?}} error: {{.+}}
# BINARYNOISE: Inputs{{/|\\}}binary_noise.py:{{([0-9]+:[0-9]+:)?}} error: {{.+}}
# BRACKETSOUP: Inputs{{/|\\}}bracket_soup.py:{{([0-9]+:[0-9]+:)?}} error: {{.+}}
# CRLFTABS: Inputs{{/|\\}}crlf_tabs.py:{{([0-9]+:[0-9]+:)?}} error: {{.+}}
# DANGLINGDECORATOR: Inputs{{/|\\}}dangling_decorator.py:{{([0-9]+:[0-9]+:)?}} error: {{.+}}
# DEEPBLOCKS: Inputs{{/|\\}}deep_blocks.py:{{([0-9]+:[0-9]+:)?}} error: {{.+}}
# DEEPPARENS: Inputs{{/|\\}}deep_parens.py:{{([0-9]+:[0-9]+:)?}} error: {{.+}}
# HUGELITERALS: Inputs{{/|\\}}huge_literals.py:{{([0-9]+:[0-9]+:)?}} error: {{.+}}
# KEYWORDSOUP: Inputs{{/|\\}}keyword_soup.py:{{([0-9]+:[0-9]+:)?}} error: {{.+}}
# LONGCHAIN: Inputs{{/|\\}}long_chain.py:{{([0-9]+:[0-9]+:)?}} error: {{.+}}
# NOCODE: Inputs{{/|\\}}no_code.py:{{([0-9]+:[0-9]+:)?}} error: {{.+}}
# NOTPYTHON: Inputs{{/|\\}}not_python.py:{{([0-9]+:[0-9]+:)?}} error: {{.+}}
# NULBYTES: Inputs{{/|\\}}nul_bytes.py:{{([0-9]+:[0-9]+:)?}} error: {{.+}}
# OPERATORSOUP: Inputs{{/|\\}}operator_soup.py:{{([0-9]+:[0-9]+:)?}} error: {{.+}}
# SHUFFLEDLINES: Inputs{{/|\\}}shuffled_lines.py:{{([0-9]+:[0-9]+:)?}} error: {{.+}}
# TRUNCATEDKERNEL: Inputs{{/|\\}}truncated_kernel.py:{{([0-9]+:[0-9]+:)?}} error: {{.+}}
# UNTERMINATEDDOCSTRING: Inputs{{/|\\}}unterminated_docstring.py:{{([0-9]+:[0-9]+:)?}} error: {{.+}}

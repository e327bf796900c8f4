# trident_add_lit_suite(NAME): the lit tests of the current source directory
# as the ctest test NAME. One site configuration (cmake/lit/lit.site.cfg.py.in)
# serves every suite; each suite's lit.cfg.py configures itself through
# cmake/lit/trident_lit.py.
function(trident_add_lit_suite name)
  configure_file(${TRIDENT_SOURCE_DIR}/cmake/lit/lit.site.cfg.py.in
                 ${CMAKE_CURRENT_BINARY_DIR}/lit.site.cfg.py @ONLY)
  add_test(NAME ${name} COMMAND ${TRIDENT_LIT} -sv ${CMAKE_CURRENT_BINARY_DIR})
endfunction()

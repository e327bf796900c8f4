# trident_add_backend(): how every backend plugin is built, in Trident's tree
# and out of it (installed with Trident's CMake package; docs/plugins.md).
#
#   trident_add_backend(NAME
#     SOURCES file...                     the plugin's sources
#     [PASSES_TD include/.../Passes.td    its passes' ODS: Passes.h.inc is
#      PASSES_NAME Prefix]                generated beside it (-gen-pass-decls)
#     [DEFINITIONS NAME=value...]         compile definitions
#     [OUTPUT_DIRECTORY dir]              where NAME.so is built
#     [NO_INSTALL])                       a plugin only tests load
#
# NAME.so is a MODULE library linked against libtrident-core (and through it
# libMLIR and libLLVM), compiled as Trident is (C++17, without RTTI where
# LLVM has none), with the plugin's include/, lib/ and generated include/
# on its include path, installed into Trident's plugin directory. In the
# tree it is built into the build's plugin directory
# (TRIDENT_PLUGIN_BUILD_DIR), where tridentc finds it; out of the tree, into
# the current binary directory unless OUTPUT_DIRECTORY says otherwise.
# What the caller sets first: TRIDENT_CORE_TARGET (TridentCore in the tree,
# Trident::TridentCore from the package) and TRIDENT_PLUGIN_INSTALL_DIR.
function(trident_add_backend name)
  cmake_parse_arguments(ARG "NO_INSTALL" "PASSES_TD;PASSES_NAME;OUTPUT_DIRECTORY"
                        "SOURCES;DEFINITIONS" ${ARGN})
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "trident_add_backend(${name}): no SOURCES")
  endif()
  add_library(${name} MODULE ${ARG_SOURCES})
  if(ARG_PASSES_TD)
    if(NOT ARG_PASSES_NAME)
      message(FATAL_ERROR "trident_add_backend(${name}): PASSES_TD needs PASSES_NAME")
    endif()
    string(REGEX REPLACE "\\.td$" ".h.inc" passes_inc "${ARG_PASSES_TD}")
    set(LLVM_TARGET_DEFINITIONS ${ARG_PASSES_TD})
    mlir_tablegen(${passes_inc} -gen-pass-decls -name ${ARG_PASSES_NAME}
                  EXTRA_INCLUDES ${MLIR_INCLUDE_DIRS})
    add_public_tablegen_target(${name}_passes_inc)
    add_dependencies(${name} ${name}_passes_inc)
  endif()
  target_include_directories(${name} PRIVATE
    ${CMAKE_CURRENT_SOURCE_DIR}/include ${CMAKE_CURRENT_BINARY_DIR}/include
    ${CMAKE_CURRENT_SOURCE_DIR}/lib)
  target_include_directories(${name} SYSTEM PRIVATE
    ${LLVM_INCLUDE_DIRS} ${MLIR_INCLUDE_DIRS})
  separate_arguments(llvm_definitions UNIX_COMMAND "${LLVM_DEFINITIONS}")
  target_compile_definitions(${name} PRIVATE ${llvm_definitions}
                             ${ARG_DEFINITIONS})
  if(NOT LLVM_ENABLE_RTTI)
    target_compile_options(${name} PRIVATE -fno-rtti)
  endif()
  target_link_libraries(${name} PRIVATE ${TRIDENT_CORE_TARGET})
  set_target_properties(${name} PROPERTIES PREFIX "" CXX_STANDARD 17
                        CXX_STANDARD_REQUIRED ON)
  if(NOT ARG_OUTPUT_DIRECTORY AND TRIDENT_PLUGIN_BUILD_DIR)
    set(ARG_OUTPUT_DIRECTORY ${TRIDENT_PLUGIN_BUILD_DIR})
  endif()
  if(ARG_OUTPUT_DIRECTORY)
    set_target_properties(${name} PROPERTIES
                          LIBRARY_OUTPUT_DIRECTORY ${ARG_OUTPUT_DIRECTORY})
  endif()
  if(NOT ARG_NO_INSTALL)
    install(TARGETS ${name} LIBRARY DESTINATION ${TRIDENT_PLUGIN_INSTALL_DIR})
  endif()
endfunction()

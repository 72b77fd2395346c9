# pl_add_kernels: translate kernel sources of a target with pl-translate (docs/cmake.md).
# Included by plConfig.cmake; needs the targets pl::translate and pl::sim.
include_guard(GLOBAL)
if(CMAKE_VERSION VERSION_LESS 3.20)
  message(FATAL_ERROR "pl_add_kernels needs CMake 3.20 or newer (add_custom_command DEPFILE with "
                      "every generator); this is ${CMAKE_VERSION}")
endif()

# The list in property <prop> of <target> into <out>: empty when the property is not set.
function(_pl_target_list out target prop)
  get_target_property(value ${target} ${prop})
  if(NOT value)
    set(value "")
  endif()
  set(${out} "${value}" PARENT_SCOPE)
endfunction()

# Argument checks shared by pl_add_kernels and pl_add_kernel_benchmark; they read the caller's
# `where` (its name for messages) and the arg_* results of its cmake_parse_arguments.
# Fails on arguments cmake_parse_arguments did not take; `keywords` lists those it takes.
function(_pl_check_unparsed keywords)
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "${where}: unexpected arguments '${arg_UNPARSED_ARGUMENTS}' "
                        "(keywords: ${keywords})")
  endif()
endfunction()

# Fails without SOURCES.
function(_pl_check_sources)
  if(NOT arg_SOURCES)
    message(FATAL_ERROR "${where}: no SOURCES given")
  endif()
endfunction()

# pl_add_kernels(<target> SOURCES <file>... [PLATFORM a2a3sim|a5sim|a2a3|a5]
#                [OPTIONS <pl-translate option>...]
#                [FLAGS <compiler flag>...])
#
# Each source is translated by pl-translate into ${CMAKE_CURRENT_BINARY_DIR}/pl_kernels/<target>/
# at build time (a custom command with a depfile: editing the source or any header it includes
# translates it again) and the translated file replaces the source in <target>; a source not yet
# in <target> is added. Other targets that list the same source still compile it as written (the
# eager golden run). The translator sees the target's include directories and compile
# definitions (with those of everything it links) and -std=c++20 (or the target's CXX_STANDARD
# when that is newer), then FLAGS. <target> links pl::sim.
#
# PLATFORM a2a3 / a5 also writes each source's kernel package for the vendor toolchain
# (pl-translate --out-dir) into ${CMAKE_CURRENT_BINARY_DIR}/pl_kernels/<target>/<stem>.package/
# (kernels.json lists its files); <target> still runs the same kernels on the simulator. The
# package directories are in the target property PL_KERNEL_PACKAGES.
#
# Translations go through pl-translate's cache in ${CMAKE_BINARY_DIR}/pl_translate_cache (an
# unchanged file that must be translated again, e.g. after a clean, is a hit); OPTIONS
# --cache-dir=<dir> names another one.
function(pl_add_kernels target)
  set(where "pl_add_kernels(${target})")
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "PLATFORM" "SOURCES;OPTIONS;FLAGS")
  _pl_check_unparsed("SOURCES, PLATFORM, OPTIONS, FLAGS")
  if(NOT TARGET pl::translate OR NOT TARGET pl::sim)
    message(FATAL_ERROR "${where}: this pl package has no pl::translate or pl::sim target (was "
                        "pl built with PL_SKIP_DIRS leaving out translator/ or dsl/?)")
  endif()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "${where}: '${target}' is not a target; define it first "
                        "(add_executable or add_library)")
  endif()
  get_target_property(aliased ${target} ALIASED_TARGET)
  if(aliased)
    message(FATAL_ERROR "${where}: '${target}' is an alias of '${aliased}'; name '${aliased}'")
  endif()
  get_target_property(imported ${target} IMPORTED)
  get_target_property(type ${target} TYPE)
  if(imported)
    set(type "imported ${type}")
  endif()
  if(NOT type MATCHES "^(EXECUTABLE|STATIC_LIBRARY|SHARED_LIBRARY|MODULE_LIBRARY|OBJECT_LIBRARY)$")
    message(FATAL_ERROR "${where}: '${target}' is an ${type} target; kernels are compiled into "
                        "an executable or a static, shared, module or object library that this "
                        "project builds")
  endif()
  get_target_property(target_dir ${target} SOURCE_DIR)
  if(NOT target_dir STREQUAL CMAKE_CURRENT_SOURCE_DIR)
    message(FATAL_ERROR "${where}: call it in the directory that defines '${target}' "
                        "(${target_dir}); the translation commands must belong to that directory")
  endif()
  _pl_check_sources()

  if("PLATFORM" IN_LIST arg_KEYWORDS_MISSING_VALUES)
    message(FATAL_ERROR "${where}: PLATFORM needs a value (a2a3sim, a5sim, a2a3 or a5)")
  elseif(NOT DEFINED arg_PLATFORM)
    set(arg_PLATFORM a2a3sim)
  endif()
  if(NOT arg_PLATFORM MATCHES "^(a2a3sim|a5sim|a2a3|a5)$")
    message(FATAL_ERROR "${where}: unknown PLATFORM '${arg_PLATFORM}' (a2a3sim, a5sim, a2a3 or "
                        "a5)")
  endif()

  # pl_add_kernels owns the output, the depfile and the platform of each translation. It passes
  # the translation cache (pl-translate --cache-dir), shared by every target of the build, unless
  # OPTIONS name another one; a kernel package (a2a3 / a5) is never taken from it.
  set(cache_dir "${CMAKE_BINARY_DIR}/pl_translate_cache")
  if(arg_PLATFORM MATCHES "^(a2a3|a5)$")
    set(cache_dir "")
  endif()
  foreach(opt IN LISTS arg_OPTIONS)
    if(opt MATCHES "^--?cache-dir(=.*)?$")
      set(cache_dir "")
    endif()
    if(opt MATCHES "^(-o|--?depfile|--?platform|--?out-dir|--?emit|--?in-place|-p)(=.*)?$")
      message(FATAL_ERROR "${where}: OPTIONS may not contain '${opt}' (pl_add_kernels sets the "
                          "output, the depfile, --platform (PLATFORM) and --out-dir; --emit and "
                          "--in-place do not produce a translated file)")
    endif()
  endforeach()

  # The target's sources as absolute paths (entries with generator expressions stay as they are).
  _pl_target_list(old_sources ${target} SOURCES)
  set(old_abs "")
  foreach(s IN LISTS old_sources)
    if(s MATCHES "\\$<")
      list(APPEND old_abs "${s}")
    else()
      get_filename_component(a "${s}" ABSOLUTE BASE_DIR "${target_dir}")
      list(APPEND old_abs "${a}")
    endif()
  endforeach()

  # The translator's flags, evaluated at generation time: the target's include directories and
  # compile definitions, transitively (pl::dsl's include directory among them).
  set(incs "$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>")
  set(defs "$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>")
  set(std "$<TARGET_PROPERTY:${target},CXX_STANDARD>")
  set(newer_std "$<OR:$<STREQUAL:${std},23>,$<STREQUAL:${std},26>>")

  set(out_dir "${CMAKE_CURRENT_BINARY_DIR}/pl_kernels/${target}")
  _pl_target_list(namespaces ${target} PL_KERNEL_NAMESPACES)
  _pl_target_list(packages ${target} PL_KERNEL_PACKAGES)
  set(seen "")
  foreach(src IN LISTS arg_SOURCES)
    get_filename_component(abs "${src}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    get_source_file_property(generated "${abs}" GENERATED)
    if(NOT EXISTS "${abs}" AND NOT generated)
      message(FATAL_ERROR "${where}: source '${src}' not found (${abs})")
    endif()
    if(abs IN_LIST seen)
      message(FATAL_ERROR "${where}: source '${src}' is listed twice")
    endif()
    list(APPEND seen "${abs}")
    # pl-translate names the generated code's namespace after the file name (pl_gen_<stem>, each
    # character outside [A-Za-z0-9] as '_'): two kernel files of one target need distinct ones.
    get_filename_component(stem "${abs}" NAME_WE)
    get_filename_component(ext "${abs}" LAST_EXT)
    string(REGEX REPLACE "[^A-Za-z0-9]" "_" ns "${stem}")
    list(FIND namespaces "pl_gen_${ns}" clash)
    if(NOT clash EQUAL -1)
      message(FATAL_ERROR "${where}: '${src}' would put its generated code in namespace "
                          "pl_gen_${ns}, as another kernel source of '${target}' does; rename "
                          "one of them")
    endif()
    list(APPEND namespaces "pl_gen_${ns}")

    set(out "${out_dir}/${stem}.pl${ext}")
    set(package_args "")
    set(package_files "")
    if(NOT cache_dir STREQUAL "")
      set(package_args "--cache-dir=${cache_dir}")
    endif()
    if(arg_PLATFORM MATCHES "^(a2a3|a5)$")
      set(package "${out_dir}/${stem}.package")
      set(package_args "--out-dir=${package}")
      set(package_files BYPRODUCTS "${package}/kernels.json")
      list(APPEND packages "${package}")
    endif()
    file(RELATIVE_PATH shown "${CMAKE_SOURCE_DIR}" "${abs}")
    if(shown MATCHES "^\\.\\./")
      set(shown "${abs}")
    endif()
    add_custom_command(
      OUTPUT "${out}"
      COMMAND "${CMAKE_COMMAND}" -E make_directory "${out_dir}" # Ninja makes it, Makefiles do not
      ${package_files}
      COMMAND pl::translate "${abs}" -o "${out}" "--depfile=${out}.d" "--platform=${arg_PLATFORM}"
              ${package_args} ${arg_OPTIONS} -- "-std=c++$<IF:${newer_std},${std},20>"
              "$<$<BOOL:${incs}>:-I$<JOIN:${incs},;-I>>" "$<$<BOOL:${defs}>:-D$<JOIN:${defs},;-D>>"
              ${arg_FLAGS}
      DEPENDS "${abs}" "$<TARGET_FILE:pl::translate>"
      DEPFILE "${out}.d"
      COMMENT "pl-translate ${shown} (${arg_PLATFORM}) for ${target}"
      COMMAND_EXPAND_LISTS VERBATIM)
    # The translated file keeps the source's quoted includes: search the source's folder too.
    get_filename_component(src_dir "${abs}" DIRECTORY)
    set_source_files_properties("${out}" PROPERTIES COMPILE_OPTIONS "-iquote;${src_dir}")

    list(FIND old_abs "${abs}" at)
    if(at EQUAL -1)
      list(APPEND old_abs "${out}")
      list(APPEND old_sources "${out}")
    else()
      list(REMOVE_AT old_abs ${at})
      list(INSERT old_abs ${at} "${out}")
      list(REMOVE_AT old_sources ${at})
      list(INSERT old_sources ${at} "${out}")
    endif()
  endforeach()
  set_property(TARGET ${target} PROPERTY SOURCES "${old_sources}")
  set_property(TARGET ${target} PROPERTY PL_KERNEL_NAMESPACES "${namespaces}")
  set_property(TARGET ${target} PROPERTY PL_KERNEL_PACKAGES "${packages}")
  target_link_libraries(${target} PRIVATE pl::sim)
endfunction()

# pl_add_kernel_benchmark(<name> SOURCES <file>... [BENCHMARKS <file>...]
#                         [PLATFORM ...] [OPTIONS ...] [FLAGS ...])
#
# The executable <name> times every PL_BENCHMARK (<pl/benchmark.hpp>, docs/benchmark.md) of the
# sources eagerly and translated, side by side, with Google Benchmark. SOURCES (kernel sources)
# and BENCHMARKS (sources compiled as written in both, e.g. the PL_BENCHMARK entries calling
# the kernels) are built twice as loadable modules: <name>_eager as written, <name>_translated
# with SOURCES translated by pl_add_kernels (PLATFORM, OPTIONS, FLAGS are passed on). <name>
# loads both at run time (one copy of the functions each, RTLD_LOCAL). Link further libraries
# into both modules with target_link_libraries(<name>_eager / <name>_translated ...).
# Needs Google Benchmark (find_package(benchmark)).
function(pl_add_kernel_benchmark name)
  set(where "pl_add_kernel_benchmark(${name})")
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "PLATFORM" "SOURCES;BENCHMARKS;OPTIONS;FLAGS")
  _pl_check_unparsed("SOURCES, BENCHMARKS, PLATFORM, OPTIONS, FLAGS")
  _pl_check_sources()
  foreach(t IN ITEMS ${name} ${name}_eager ${name}_translated)
    if(TARGET ${t})
      message(FATAL_ERROR "${where}: a target '${t}' already exists")
    endif()
  endforeach()
  if(NOT TARGET benchmark::benchmark)
    find_package(benchmark QUIET)
    if(NOT benchmark_FOUND)
      message(FATAL_ERROR "${where}: Google Benchmark not found (find_package(benchmark); "
                          "Debian: libbenchmark-dev)")
    endif()
  endif()
  set(kernel_args SOURCES ${arg_SOURCES})
  if(DEFINED arg_PLATFORM)
    list(APPEND kernel_args PLATFORM ${arg_PLATFORM})
  endif()
  if(arg_OPTIONS)
    list(APPEND kernel_args OPTIONS ${arg_OPTIONS})
  endif()
  if(arg_FLAGS)
    list(APPEND kernel_args FLAGS ${arg_FLAGS})
  endif()

  add_library(${name}_eager MODULE ${arg_SOURCES} ${arg_BENCHMARKS})
  add_library(${name}_translated MODULE ${arg_SOURCES} ${arg_BENCHMARKS})
  foreach(t IN ITEMS ${name}_eager ${name}_translated)
    target_link_libraries(${t} PRIVATE pl::dsl)
  endforeach()
  pl_add_kernels(${name}_translated ${kernel_args})

  set(main "${CMAKE_CURRENT_BINARY_DIR}/pl_kernels/${name}_main.cpp")
  file(CONFIGURE OUTPUT "${main}" CONTENT
       "// Generated by pl_add_kernel_benchmark(${name}): loads both modules, runs their PL_BENCHMARKs.
#define PL_BENCHMARK_RUNNER
#include <pl/benchmark.hpp>

int main(int argc, char **argv) {
  return pl::benchmark::runMain(argc, argv, PL_BENCHMARK_EAGER_MODULE, PL_BENCHMARK_TRANSLATED_MODULE);
}
")
  add_executable(${name} "${main}")
  target_link_libraries(${name} PRIVATE pl::dsl benchmark::benchmark ${CMAKE_DL_LIBS})
  target_compile_definitions(${name} PRIVATE
    "PL_BENCHMARK_EAGER_MODULE=\"$<TARGET_FILE:${name}_eager>\""
    "PL_BENCHMARK_TRANSLATED_MODULE=\"$<TARGET_FILE:${name}_translated>\"")
  add_dependencies(${name} ${name}_eager ${name}_translated)
endfunction()

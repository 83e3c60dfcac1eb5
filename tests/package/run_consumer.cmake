# Installs the built linkphy into a scratch prefix, then configures, builds and runs the consumer
# (a study outside the tree, run from a scratch folder) and the installed CLI, both of which must
# read the prefix's catalogs; then moves the prefix and does it all again (the package and the
# installed CLI are relocatable: their data is found from where they are).
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR}/run)
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${WORK_DIR}/prefix
                RESULT_VARIABLE rc OUTPUT_QUIET)
if(rc)
  message(FATAL_ERROR "install failed: ${rc}")
endif()

# The installed text files (CMake package files, data) name no path of the tree or the build: the
# package is found relative to where it lies. (Compiled strings cannot be scanned reliably: the
# compiler stores long constants in pieces. The programs below check at run time instead that
# the catalogs come from the prefix: before, the installed library read the source tree's and
# never searched its own prefix.)
string(REGEX REPLACE "([][+.*()^$?|\\])" "\\\\\\1" source_re "${LINKPHY_SOURCE_DIR}")
string(REGEX REPLACE "([][+.*()^$?|\\])" "\\\\\\1" build_re "${BUILD_DIR}")
file(GLOB_RECURSE installed ${WORK_DIR}/prefix/lib/cmake/* ${WORK_DIR}/prefix/share/*)
foreach(f ${installed})
  file(STRINGS ${f} hits REGEX "${source_re}|${build_re}")
  if(hits)
    message(FATAL_ERROR "${f} names the source or build tree: ${hits}")
  endif()
endforeach()

function(consumer prefix tag)
  execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${WORK_DIR}/build-${tag}
                          -DCMAKE_PREFIX_PATH=${prefix} RESULT_VARIABLE rc)
  if(rc)
    message(FATAL_ERROR "configure of the consumer (${tag}) failed: ${rc}")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK_DIR}/build-${tag} RESULT_VARIABLE rc)
  if(rc)
    message(FATAL_ERROR "build of the consumer (${tag}) failed: ${rc}")
  endif()
  execute_process(COMMAND ${WORK_DIR}/build-${tag}/consumer ${prefix}/share/linkphy
                          ${WORK_DIR}/run
                  WORKING_DIRECTORY ${WORK_DIR}/run RESULT_VARIABLE rc)
  if(rc)
    message(FATAL_ERROR "consumer (${tag}) returned ${rc}")
  endif()
  # The installed CLI: a link, the catalog's file under the prefix, the default crossover study
  # (sweeps/examples/crossover/default.toml, installed with the catalogs).
  execute_process(COMMAND ${prefix}/bin/linkphy catalog show laminates megtron7
                  WORKING_DIRECTORY ${WORK_DIR}/run RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  string(FIND "${out}" "${prefix}/share/linkphy/channels/laminates.toml:" at)
  if(rc OR at EQUAL -1)
    message(FATAL_ERROR "installed linkphy catalog show (${tag}): rc ${rc}, ${out}${err}")
  endif()
  execute_process(COMMAND ${prefix}/bin/linkphy crossover --rates 100G -o x.csv
                  WORKING_DIRECTORY ${WORK_DIR}/run RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(rc)
    message(FATAL_ERROR "installed linkphy crossover (${tag}) failed: ${err}")
  endif()
endfunction()

consumer(${WORK_DIR}/prefix installed)
file(RENAME ${WORK_DIR}/prefix ${WORK_DIR}/moved)
consumer(${WORK_DIR}/moved moved)

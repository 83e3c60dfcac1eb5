# ctest script: executes notebooks_data/crossover.ipynb headless with Debian's /usr/bin/python3
# (pandas, matplotlib, ipykernel) into a scratch directory; fails when a cell raises (the notebook
# asserts facts about the data it plots). Prints "SKIPPED: ..." (ctest marks the test skipped)
# when Jupyter or a Python module is missing.
#   cmake -DNOTEBOOK=path.ipynb -DWORK_DIR=dir -P test_notebook.cmake
set(python /usr/bin/python3)
if(NOT EXISTS ${python})
  message("SKIPPED: ${python} not found (Debian python3 with python3-pandas etc.)")
  return()
endif()
execute_process(COMMAND ${python} -c "import nbconvert, nbformat, ipykernel, pandas, matplotlib"
                RESULT_VARIABLE missing OUTPUT_QUIET ERROR_VARIABLE why)
if(missing)
  string(STRIP "${why}" why)
  message("SKIPPED: Jupyter/pandas/matplotlib not installed for ${python} (${why}); "
          "scripts/install-deps.sh installs them")
  return()
endif()
file(REMOVE_RECURSE ${WORK_DIR})
# A kernel spec of our own, so the notebook runs on /usr/bin/python3 whatever else is installed.
file(WRITE ${WORK_DIR}/kernels/linkphy-python3/kernel.json
     "{\"argv\": [\"${python}\", \"-m\", \"ipykernel_launcher\", \"-f\", \"{connection_file}\"],"
     " \"display_name\": \"linkphy python3\", \"language\": \"python\"}\n")
get_filename_component(dir ${NOTEBOOK} DIRECTORY)
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env JUPYTER_PATH=${WORK_DIR} PYDEVD_DISABLE_FILE_VALIDATION=1
          ${python} -m nbconvert --to notebook --execute
          --ExecutePreprocessor.kernel_name=linkphy-python3 --ExecutePreprocessor.timeout=600
          --output-dir ${WORK_DIR} --output executed.ipynb ${NOTEBOOK}
  WORKING_DIRECTORY ${dir} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "executing ${NOTEBOOK} failed (exit ${rc})")
endif()
message("executed ${NOTEBOOK} -> ${WORK_DIR}/executed.ipynb")

# linkphy_module(NAME DEPS...) — one library per module folder: sources are src/*.cpp, public
# headers live in include/linkphy/NAME/. Exposed as linkphy::NAME.
function(linkphy_module name)
  cmake_parse_arguments(ARG "" "" "PUBLIC;PRIVATE" ${ARGN})
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/src/*.cpp)
  add_library(linkphy_${name} ${sources})
  add_library(linkphy::${name} ALIAS linkphy_${name})
  set_target_properties(linkphy_${name} PROPERTIES EXPORT_NAME ${name} OUTPUT_NAME linkphy_${name})
  target_include_directories(linkphy_${name} PUBLIC
    $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_compile_features(linkphy_${name} PUBLIC cxx_std_20)
  target_compile_options(linkphy_${name} PRIVATE -Wall -Wextra -Wpedantic)
  target_link_libraries(linkphy_${name} PUBLIC ${ARG_PUBLIC} PRIVATE ${ARG_PRIVATE})
  if(LINKPHY_SANITIZE)
    target_link_options(linkphy_${name} INTERFACE ${LINKPHY_SANITIZE_FLAGS})
  endif()
  install(TARGETS linkphy_${name} EXPORT linkphyTargets
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
          LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
  install(DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
endfunction()

# linkphy_module_data(NAME [EXTRA dir...]) — a module's data: catalog/* (and EXTRA folders of the
# module, e.g. examples) installed to DATADIR/linkphy/NAME; in the build tree DATADIR/linkphy/NAME
# is a symbolic link to the module's catalog/, so that programs built here find it beside them as
# installed ones do (find_data_dir: PREFIX/bin/PROGRAM → PREFIX/DATADIR/linkphy, the link
# resolved, so messages and sidecars name the source files; DESIGN.md §5).
function(linkphy_module_data name)
  cmake_parse_arguments(ARG "" "" "EXTRA" ${ARGN})
  set(link ${PROJECT_BINARY_DIR}/${CMAKE_INSTALL_DATADIR}/linkphy/${name})
  file(MAKE_DIRECTORY ${PROJECT_BINARY_DIR}/${CMAKE_INSTALL_DATADIR}/linkphy)
  if(IS_DIRECTORY ${link} AND NOT IS_SYMLINK ${link})
    file(REMOVE_RECURSE ${link})
  endif()
  file(CREATE_LINK ${CMAKE_CURRENT_SOURCE_DIR}/catalog ${link} SYMBOLIC COPY_ON_ERROR)
  install(DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/catalog/
          DESTINATION ${CMAKE_INSTALL_DATADIR}/linkphy/${name})
  foreach(extra ${ARG_EXTRA})
    install(DIRECTORY ${extra} DESTINATION ${CMAKE_INSTALL_DATADIR}/linkphy/${name})
  endforeach()
endfunction()

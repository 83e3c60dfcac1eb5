include(CMakePackageConfigHelpers)
install(TARGETS linkphy EXPORT linkphyTargets)
install(EXPORT linkphyTargets NAMESPACE linkphy:: FILE linkphyTargets.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/linkphy)
configure_package_config_file(${CMAKE_CURRENT_SOURCE_DIR}/cmake/linkphyConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/linkphyConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/linkphy)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/linkphyConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/linkphyConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/linkphyConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/linkphy)

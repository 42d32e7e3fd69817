# Fails if a file under cpp/ includes a header of a folder that its own folder may not see.
# Run by the build (CMakeLists.txt, target hz_layer_check) as
#   cmake -DSOURCE_DIR=... -DHZ_FOLDERS=core,games,... -DHZ_SEES_<folder>=core,... -DSTAMP=... -P
# where HZ_SEES_<folder> lists the folders of cpp/ that files in cpp/<folder>/ may include.
# It catches what the per-layer include roots cannot: a header that no file of its own layer
# compiles (it is then compiled only with a higher layer's include root).
cmake_minimum_required(VERSION 3.25)
string(REPLACE "," ";" folders "${HZ_FOLDERS}")
set(problems "")
foreach(folder ${folders})
  string(REPLACE "," ";" seen "${HZ_SEES_${folder}}")
  file(GLOB_RECURSE files "${SOURCE_DIR}/cpp/${folder}/*.h" "${SOURCE_DIR}/cpp/${folder}/*.cpp")
  foreach(path ${files})
    file(STRINGS "${path}" includes REGEX "^[ \t]*#[ \t]*include[ \t]*[\"<][a-z_]+/")
    foreach(line ${includes})
      string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*[\"<]([a-z_]+)/.*$" "\\1" included
                           "${line}")
      if(included IN_LIST folders AND NOT included IN_LIST seen)
        file(RELATIVE_PATH relative "${SOURCE_DIR}" "${path}")
        string(STRIP "${line}" line)
        string(REPLACE ";" ", " allowed "${seen}")
        string(APPEND problems "  ${relative}: ${line}: cpp/${folder}/ may include only ${allowed}\n")
      endif()
    endforeach()
  endforeach()
endforeach()
if(problems)
  message(FATAL_ERROR "includes against the layer order (docs/design.md, Layout):\n${problems}")
endif()
file(TOUCH "${STAMP}")

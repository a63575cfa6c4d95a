// What a file's name says about it.
#pragma once

#include <string>
#include <string_view>

namespace satlab {

/// The extension of the last component of `path`, with its dot, in lower case (ASCII
/// letters only): "rock.OBJ" -> ".obj", "a/b.tar.gz" -> ".gz". Empty when the name has no
/// dot, or only a leading one ("a/.json" is a hidden file named ".json", not a JSON file),
/// as std::filesystem::path::extension() reads a name. The one rule every open, drop,
/// listing and save in satlab applies.
std::string lowerExtension(std::string_view path);

/// The last component of `path`, its folder left off: "a/b/level.json" -> "level.json",
/// "level.json" -> itself, "dir/" -> "" (what a message, a stage of work or a temporary
/// file's name says of a file).
std::string_view fileNameOf(std::string_view path);

}  // namespace satlab

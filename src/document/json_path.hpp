// JSON paths for messages ("shapes[3].half_extents[1]") and safe quoting of file text.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "base/printable.hpp"  // printable(): text from a file made safe to print

namespace satlab {

/// path + ".key", or path + "[\"key\"]" when the key is not a plain identifier; a key
/// at the root gives just "key".
std::string jsonPathKey(const std::string& path, std::string_view key);
/// path + "[index]".
std::string jsonPathIndex(const std::string& path, std::size_t index);

/// Text from a file quoted in a message, however long it is: its first `maxChars`
/// characters (a valid UTF-8 sequence is one character, any other byte one) made safe as
/// printable() (base/printable.hpp) does, in single quotes; when cut, "…" ends the excerpt and the whole length
/// follows the quotes: 'abcd…' (104857600 bytes). Only the excerpt is read.
std::string quotedExcerpt(std::string_view text, std::size_t maxChars = 40);

}  // namespace satlab

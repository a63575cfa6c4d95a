// Text from outside (a file's bytes, a name in a mesh, an exception's message) made safe to
// print in a message, a terminal or a JSON report.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace satlab {

/// `text` made safe to print: C0 controls, DEL and bytes >= 0x80 that are not valid UTF-8
/// (utf8.hpp's rule: no overlong forms, surrogates or code points past U+10FFFF) become
/// \xNN escapes, the C1 controls U+0080..U+009F become \u00NN (U+0085 breaks a line and
/// U+009B is CSI, which terminals obey like ESC [); printable ASCII and valid UTF-8 stay as
/// they are. Output longer than about `maxBytes` is cut (never inside a character or an
/// escape) and ends in "...".
std::string printable(std::string_view text, std::size_t maxBytes = 60);

}  // namespace satlab

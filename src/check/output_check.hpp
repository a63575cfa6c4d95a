// Output that must not fail silently. A command's result on standard output that does not
// arrive (a full disk, /dev/full, a descriptor closed by the caller) is an error with its
// reason, as with any Unix tool, never a silent exit code 0.
//
// A FILE that fails to write keeps its error flag but forgets why: the reason (errno) is
// that of the failing write() inside the flush, and by the time the program ends a later
// flush may have nothing left to write. So the flushes a command makes on its way go
// through flushOutput, which keeps the first reason for outputError to give at the end.
#pragma once

#include <cstdio>

namespace satlab {

/// fflush(stream); when it fails, or an earlier write to `stream` failed, the reason is kept
/// for outputError. True when everything written to `stream` so far arrived.
bool flushOutput(std::FILE* stream);

/// Flushes `stream` (flushOutput) and says whether everything written to it arrived: 0 when
/// it did, else the errno of the first failure kept, or -1 when the stream failed and no
/// reason was kept.
int outputError(std::FILE* stream);

}  // namespace satlab

#include "document/file_reader.hpp"

#include <sys/stat.h>
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <vector>

#include "base/progress.hpp"
#include "document/json_precheck.hpp"

namespace satlab {

namespace {

/// How much readWholeFile reads at a time.
constexpr std::size_t kProgressPieceBytes = std::size_t(4) << 20;

SceneDiagnostic fileError(const std::string& path, std::string message) {
  return SceneDiagnostic{path, "", 0, 0, std::move(message)};
}

std::string sizeText(std::size_t bytes) { return std::to_string(bytes) + " bytes"; }

}  // namespace

std::optional<SceneDiagnostic> openFileChecked(const std::string& path, const FileKind& kind, FilePtr& file,
                                               std::size_t& size) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return fileError(path, std::string("cannot open: ") + std::strerror(errno));
  if (S_ISDIR(st.st_mode)) return fileError(path, std::string("is a directory, not ") + kind.noun);
  if (!S_ISREG(st.st_mode)) return fileError(path, "not a regular file");
  if (static_cast<unsigned long long>(st.st_size) > kind.maxBytes) {
    return fileError(path, "file too large (" + sizeText(static_cast<std::size_t>(st.st_size)) + "; the limit is " +
                               kind.maxText + ")");
  }
  file.reset(std::fopen(path.c_str(), "rb"));
  if (!file) return fileError(path, std::string("cannot open: ") + std::strerror(errno));
  size = static_cast<std::size_t>(st.st_size);
  return std::nullopt;
}

std::optional<SceneDiagnostic> readWholeFile(const std::string& path, const FileKind& kind, std::string& text) {
  FilePtr file(nullptr, &std::fclose);
  std::size_t size = 0;
  if (auto error = openFileChecked(path, kind, file, size)) return error;
  // One byte more than stat reported, to notice a file that grows meanwhile.
  text.assign(size + 1, '\0');
  std::size_t got = 0;
  while (got < text.size()) {
    // In pieces, so that the work's progress (base/progress.hpp) counts the bytes read.
    const std::size_t piece = std::min<std::size_t>(text.size() - got, kProgressPieceBytes);
    const std::size_t n = std::fread(text.data() + got, 1, piece, file.get());
    if (n == 0) break;
    got += n;
    progressAdd(n);
  }
  if (std::ferror(file.get())) return fileError(path, "read error");
  text.resize(got);
  if (text.size() > size) return fileError(path, "the file changed while it was read");
  return std::nullopt;
}

std::optional<SceneDiagnostic> readFileInChunks(const std::string& path, const FileKind& kind, std::size_t chunkBytes,
                                                const std::function<bool(std::string_view)>& take) {
  FilePtr file(nullptr, &std::fclose);
  std::size_t size = 0;
  if (auto error = openFileChecked(path, kind, file, size)) return error;
  std::vector<char> buffer(std::max<std::size_t>(chunkBytes, 1));
  std::size_t total = 0;
  for (;;) {
    const std::size_t got = std::fread(buffer.data(), 1, buffer.size(), file.get());
    if (got == 0) {
      if (std::ferror(file.get())) return fileError(path, "read error");
      return std::nullopt;
    }
    total += got;
    if (total > kind.maxBytes) {
      return fileError(path, std::string("the file grew beyond ") + kind.maxText + " while it was read");
    }
    if (!take(std::string_view(buffer.data(), got))) return std::nullopt;
    progressAdd(got);
  }
}

CheckedJson parseCheckedJson(std::string_view text, const std::string& sourceName) {
  CheckedJson out;
  if (auto problem = precheckJson(text, sourceName)) {
    out.error = std::move(problem);
    return out;
  }
  out.root = OrderedJson::parse(text.begin(), text.end(), nullptr, false);
  if (out.root.is_discarded()) {
    out.root = OrderedJson();
    out.error = fileError(sourceName, "not valid JSON");
  }
  return out;
}

}  // namespace satlab

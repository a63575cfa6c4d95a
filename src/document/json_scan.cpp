#include "document/json_scan.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <version>

#include "document/json_fields.hpp"

namespace satlab {
namespace {

// The double a JSON number token reads as: correctly rounded, as nlohmann (strtod) reads it.
// False when it is out of the double's range.
bool tokenValue(std::string_view token, double& out) {
#if defined(__cpp_lib_to_chars)
  const auto res = std::from_chars(token.data(), token.data() + token.size(), out);
  return res.ec == std::errc() && res.ptr == token.data() + token.size();
#else
  // The libc++ of Debian's emscripten has no floating-point from_chars.
  char buf[80];
  if (token.size() >= sizeof buf) return false;
  std::memcpy(buf, token.data(), token.size());
  buf[token.size()] = '\0';
  char* stop = nullptr;
  out = std::strtod(buf, &stop);
  return stop == buf + token.size() && std::isfinite(out);
#endif
}

bool isDigit(char c) { return c >= '0' && c <= '9'; }

class Scanner {
 public:
  Scanner(std::string_view text, std::vector<ScanNode>& nodes) : text_(text), nodes_(nodes) {}

  ScanStatus value(std::size_t depth) {
    skipSpace();
    if (pos_ >= text_.size()) return ScanStatus::NeedMore;
    if (nodes_.size() >= kMaxScanNodes) return ScanStatus::Unusual;
    const char c = text_[pos_];
    if (c == '{' || c == '[') return container(c == '{', depth);
    if (c == '"') {
      std::string_view s;
      if (const ScanStatus st = string(s); st != ScanStatus::Ok) return st;
      ScanNode& n = push(ScanNode::Kind::String);
      n.text = s;
      n.end = static_cast<std::uint32_t>(nodes_.size());
      return ScanStatus::Ok;
    }
    if (c == '-' || isDigit(c)) return number();
    if (c == 't') return literal("true", ScanNode::Kind::True);
    if (c == 'f') return literal("false", ScanNode::Kind::False);
    if (c == 'n') return literal("null", ScanNode::Kind::Null);
    return ScanStatus::Unusual;
  }

  std::size_t pos() const { return pos_; }

 private:
  void skipSpace() {
    while (pos_ < text_.size() && isJsonSpace(text_[pos_])) ++pos_;
  }

  ScanNode& push(ScanNode::Kind kind) {
    nodes_.emplace_back();
    nodes_.back().kind = kind;
    nodes_.back().key = pendingKey_;
    pendingKey_ = {};
    return nodes_.back();
  }

  ScanStatus literal(std::string_view word, ScanNode::Kind kind) {
    const std::string_view rest = text_.substr(pos_);
    if (rest.size() < word.size()) {
      return word.substr(0, rest.size()) == rest ? ScanStatus::NeedMore : ScanStatus::Unusual;
    }
    if (rest.substr(0, word.size()) != word) return ScanStatus::Unusual;
    pos_ += word.size();
    ScanNode& n = push(kind);
    n.end = static_cast<std::uint32_t>(nodes_.size());
    return ScanStatus::Ok;
  }

  // Printable ASCII without escapes; `pos_` at the opening quote.
  ScanStatus string(std::string_view& out) {
    const std::size_t start = pos_ + 1;
    for (std::size_t i = start; i < text_.size(); ++i) {
      const unsigned char c = static_cast<unsigned char>(text_[i]);
      if (c == '"') {
        out = text_.substr(start, i - start);
        pos_ = i + 1;
        return ScanStatus::Ok;
      }
      if (c < 0x20 || c >= 0x80 || c == '\\') return ScanStatus::Unusual;
    }
    return ScanStatus::NeedMore;
  }

  // A number token (JSON's grammar), its value, and its digits when they are few.
  ScanStatus number() {
    const std::size_t start = pos_;
    std::size_t i = pos_;
    const std::size_t n = text_.size();
    if (text_[i] == '-') ++i;
    // The significant digits, counted over the integer and fraction parts together.
    int digitIndex = 0, firstNonzero = -1, lastNonzero = -1, pointAt = -1;
    const auto digits = [&]() {
      const std::size_t from = i;
      for (; i < n && isDigit(text_[i]); ++i, ++digitIndex) {
        if (text_[i] != '0') {
          if (firstNonzero < 0) firstNonzero = digitIndex;
          lastNonzero = digitIndex;
        }
      }
      return i - from;
    };
    if (i >= n) return ScanStatus::NeedMore;
    if (text_[i] == '0') {
      ++i;
      ++digitIndex;
    } else if (isDigit(text_[i])) {
      digits();
    } else {
      return ScanStatus::Unusual;
    }
    pointAt = digitIndex;
    bool integer = true;
    if (i < n && text_[i] == '.') {
      ++i;
      integer = false;
      if (digits() == 0) return i >= n ? ScanStatus::NeedMore : ScanStatus::Unusual;
    }
    long exponent = 0;
    if (i < n && (text_[i] == 'e' || text_[i] == 'E')) {
      ++i;
      integer = false;
      bool negative = false;
      if (i < n && (text_[i] == '+' || text_[i] == '-')) negative = text_[i++] == '-';
      const std::size_t from = i;
      for (; i < n && isDigit(text_[i]); ++i) {
        if (i - from >= 6) return ScanStatus::Unusual;  // an exponent beyond any float
        exponent = exponent * 10 + (text_[i] - '0');
      }
      if (i == from) return i >= n ? ScanStatus::NeedMore : ScanStatus::Unusual;
      if (negative) exponent = -exponent;
    }
    if (i >= n) return ScanStatus::NeedMore;  // more digits may follow
    const std::string_view token = text_.substr(start, i - start);
    double d = 0.0;
    if (!tokenValue(token, d) || !fitsFloat(d)) return ScanStatus::Unusual;
    pos_ = i;
    ScanNode& node = push(ScanNode::Kind::Number);
    node.text = token;
    node.number = d;
    node.integer = integer;
    if (firstNonzero < 0) {
      node.digitsKnown = true;  // zero: its text is "0e+00"
    } else if (lastNonzero - firstNonzero < 15) {
      node.digitsKnown = true;
      node.decimals = static_cast<std::int16_t>(lastNonzero - firstNonzero);
      node.exponent = static_cast<std::int16_t>(pointAt - 1 - firstNonzero + exponent);
    }
    node.end = static_cast<std::uint32_t>(nodes_.size());
    return ScanStatus::Ok;
  }

  ScanStatus container(bool object, std::size_t depth) {
    if (depth >= kMaxScanDepth) return ScanStatus::Unusual;
    const std::size_t self = nodes_.size();
    push(object ? ScanNode::Kind::Object : ScanNode::Kind::Array);
    ++pos_;
    const char close = object ? '}' : ']';
    std::array<std::string_view, kMaxScanMembers> keys;
    std::uint32_t count = 0;
    skipSpace();
    if (pos_ >= text_.size()) return ScanStatus::NeedMore;
    if (text_[pos_] != close) {
      for (;;) {
        if (object) {
          if (count >= kMaxScanMembers) return ScanStatus::Unusual;
          skipSpace();
          if (pos_ >= text_.size()) return ScanStatus::NeedMore;
          if (text_[pos_] != '"') return ScanStatus::Unusual;
          std::string_view key;
          if (const ScanStatus st = string(key); st != ScanStatus::Ok) return st;
          for (std::uint32_t k = 0; k < count; ++k) {
            if (keys[k] == key) return ScanStatus::Unusual;  // the precheck's error
          }
          keys[count] = key;
          skipSpace();
          if (pos_ >= text_.size()) return ScanStatus::NeedMore;
          if (text_[pos_] != ':') return ScanStatus::Unusual;
          ++pos_;
          pendingKey_ = key;
        }
        if (const ScanStatus st = value(depth + 1); st != ScanStatus::Ok) return st;
        ++count;
        skipSpace();
        if (pos_ >= text_.size()) return ScanStatus::NeedMore;
        if (text_[pos_] == ',') {
          ++pos_;
          continue;
        }
        if (text_[pos_] != close) return ScanStatus::Unusual;
        break;
      }
    }
    ++pos_;
    nodes_[self].size = count;
    nodes_[self].end = static_cast<std::uint32_t>(nodes_.size());
    return ScanStatus::Ok;
  }

  std::string_view text_;
  std::vector<ScanNode>& nodes_;
  std::size_t pos_ = 0;
  std::string_view pendingKey_;
};

}  // namespace

ScanStatus scanValue(std::string_view text, std::size_t& used, std::vector<ScanNode>& nodes) {
  nodes.clear();
  Scanner scanner(text, nodes);
  const ScanStatus st = scanner.value(0);
  if (st == ScanStatus::Ok) used = scanner.pos();
  return st;
}

std::size_t scanMember(const std::vector<ScanNode>& nodes, std::size_t parent, std::string_view key) {
  for (std::size_t i = parent + 1; i < nodes[parent].end; i = nodes[i].end) {
    if (nodes[i].key == key) return i;
  }
  return 0;
}

}  // namespace satlab

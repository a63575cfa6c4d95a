// The checks of every recorder call, and the way a call ends (recorder.hpp).
#include <cmath>

#include "json_text.hpp"
#include "recorder.hpp"

namespace satlab::record {
namespace {

std::string number(float v) {
  std::string s;
  appendFloat(s, v);
  return s;
}

std::string component(const char* field, std::size_t i) { return std::string(field) + "[" + std::to_string(i) + "]"; }

}  // namespace

bool Call::usable() {
  if (!r_) {
    status_ = SATLAB_RECORD_BAD_ARGUMENT;
    return false;
  }
  if (r_->finished) {
    status_ = SATLAB_RECORD_OUT_OF_ORDER;  // the error text stays finish's
    return false;
  }
  if (r_->broken) {
    status_ = SATLAB_RECORD_IO;
    return false;
  }
  return true;
}

int Call::fail(int code, const std::string& why) noexcept {
  try {
    r_->error = std::string(name_) + ": " + why;
  } catch (...) {
    r_->error.clear();  // no memory for the text: the code still tells
  }
  r_->lastStatus = code;
  status_ = code;
  return code;
}

int Call::broke(const std::string& why) noexcept {
  r_->broken = true;
  r_->ioFailed = true;
  return fail(SATLAB_RECORD_IO, why);
}

std::string pointProblem(const float* v, const char* field) {
  if (!v) return std::string(field) + " is missing (a null pointer)";
  for (std::size_t i = 0; i < 3; ++i) {
    if (!std::isfinite(v[i])) return component(field, i) + " is not finite (" + number(v[i]) + ")";
    if (std::fabs(v[i]) > kMaxCoordinate) {
      return component(field, i) + ": " + number(v[i]) +
             " is outside the range satlab's tests are exact for (|v| <= 1e9)";
    }
  }
  return {};
}

std::string pointsProblem(const float* v, std::size_t count, const char* field) {
  if (count > 0 && !v) return std::string(field) + " is missing (a null pointer)";
  for (std::size_t i = 0; i < count; ++i) {
    const std::string p = component(field, i);
    std::string why = pointProblem(v + 3 * i, p.c_str());
    if (!why.empty()) return why;
  }
  return {};
}

std::string lengthProblem(float v, const char* field) {
  if (!std::isfinite(v)) return std::string(field) + " is not finite (" + number(v) + ")";
  if (v < 0.0f) return std::string(field) + " must be >= 0 (got " + number(v) + ")";
  if (v > kMaxCoordinate) {
    return std::string(field) + ": " + number(v) + " is outside the range satlab's tests are exact for (|v| <= 1e9)";
  }
  return {};
}

std::string quaternionProblem(const float* q, const char* field) {
  if (!q) return std::string(field) + " is missing (a null pointer)";
  double sq = 0.0;
  for (std::size_t i = 0; i < 4; ++i) {
    if (!std::isfinite(q[i])) return component(field, i) + " is not finite (" + number(q[i]) + ")";
    sq += double(q[i]) * double(q[i]);
  }
  // The loader's rule: unit length within 1e-3, then normalised.
  if (std::fabs(std::sqrt(sq) - 1.0) > 1e-3) {
    return std::string(field) + " [w, x, y, z] must have length 1 within 1e-3 (length " +
           number(static_cast<float>(std::sqrt(sq))) + ")";
  }
  return {};
}

std::string unitProblem(const float* v, const char* field) {
  if (!v) return std::string(field) + " is missing (a null pointer)";
  double sq = 0.0;
  for (std::size_t i = 0; i < 3; ++i) {
    if (!std::isfinite(v[i])) return component(field, i) + " is not finite (" + number(v[i]) + ")";
    sq += double(v[i]) * double(v[i]);
  }
  if (std::fabs(std::sqrt(sq) - 1.0) > 1e-3) {
    return std::string(field) + " must be a unit vector within 1e-3 (length " +
           number(static_cast<float>(std::sqrt(sq))) + ")";
  }
  return {};
}

std::string colorProblem(const float* rgba) {
  for (std::size_t i = 0; i < 4; ++i) {
    if (!(rgba[i] >= 0.0f && rgba[i] <= 1.0f)) {
      return component("rgba", i) + " must be in [0, 1] (got " + number(rgba[i]) + ")";
    }
  }
  return {};
}

std::string textProblem(std::string_view s, const char* field) {
  if (s.size() > kMaxTextBytes) {
    return std::string(field) + " is " + std::to_string(s.size()) + " bytes long (at most " +
           std::to_string(kMaxTextBytes) + ")";
  }
  if (!isUtf8(s)) return std::string(field) + " is not UTF-8";
  return {};
}

}  // namespace satlab::record

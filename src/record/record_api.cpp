// <satlab/record.h>: opening a recording, its header's settings, frames, contacts and
// closing. The shape calls are in record_shapes.cpp.
#include <cmath>

#include "json_text.hpp"
#include "recorder.hpp"

using satlab::record::Call;

namespace satlab::record {
namespace {

/// A recorder with `title` (checked), its output opened by `open`, which returns false
/// with the reason set. Null only when memory runs out.
template <class Open>
satlab_recorder* startRecorder(const char* name, const char* title, Open&& open) noexcept {
  satlab_recorder* r = new (std::nothrow) satlab_recorder;
  if (!r) return nullptr;
  Call call(r, name);
  call.guarded([&] {
    const std::string why = textProblem(view(title), "title");
    if (!why.empty()) return call.broke(why);
    appendString(r->title, view(title));
    std::string reason;
    if (!open(r->out, reason)) return call.broke(reason);
    return int(SATLAB_RECORD_OK);
  });
  return r;
}

/// Refuses a header setting once the header is written.
bool headerWritten(Call& call) {
  if (!call.r().started) return false;
  call.fail(SATLAB_RECORD_OUT_OF_ORDER, "the header is written when the first frame begins: set it before");
  return true;
}

/// The name `s` may be used: a valid name (`field` in messages).
bool validName(Call& call, const char* s, const char* field) {
  if (!s) {
    call.fail(SATLAB_RECORD_BAD_ARGUMENT, std::string(field) + " is missing (a null pointer)");
    return false;
  }
  const std::string why = nameProblem(s);
  if (why.empty()) return true;
  call.fail(SATLAB_RECORD_BAD_ARGUMENT, std::string(field) + " " + quoted(s) + " " + why);
  return false;
}

int endFrame(Call& call) {
  satlab_recorder& r = call.r();
  r.inFrame = false;
  std::string& line = r.line;
  line.clear();
  line += "{\"frame\": ";
  appendInteger(line, r.lastNumber);
  line += ", \"time\": ";
  appendSeconds(line, r.lastTime);
  line += ", \"shapes\": [";
  line += r.shapes;
  line += ']';
  if (r.reportsContacts || !r.contacts.empty()) {
    line += ", \"contacts\": [";
    line += r.contacts;
    line += ']';
  }
  line += "}\n";
  return writeLine(call, line);
}

}  // namespace

std::size_t headerBytes(const satlab_recorder& r) {
  return r.title.size() + r.engine.size() + r.expect.size() + r.statics.size() + 128;
}

int writeLine(Call& call, const std::string& line) {
  std::string why;
  if (!call.r().out.write(line, why)) return call.broke(why);
  return SATLAB_RECORD_OK;
}

int writeHeader(Call& call) {
  satlab_recorder& r = call.r();
  r.started = true;
  std::string& line = r.line;
  line.clear();
  line += "{\"recording\": ";
  appendInteger(line, SATLAB_RECORD_FORMAT_VERSION);
  line += ", \"title\": ";
  line += r.title;
  if (!r.engine.empty()) {
    line += ", \"engine\": ";
    line += r.engine;
  }
  if (r.hasTolerance) {
    line += ", \"tolerance\": ";
    appendFloat(line, r.tolerance);
  }
  if (!r.expect.empty()) {
    line += ", \"expect\": [";
    line += r.expect;
    line += ']';
  }
  if (!r.statics.empty()) {
    line += ", \"static\": [";
    line += r.statics;
    line += ']';
  }
  line += "}\n";
  const int status = writeLine(call, line);
  // What the header held is written: let its memory go (a static mesh may be large).
  std::string().swap(r.statics);
  std::string().swap(r.expect);
  return status;
}

}  // namespace satlab::record

using namespace satlab::record;

extern "C" {

satlab_recorder* satlab_record_open(const char* path, const char* title) {
  return startRecorder("satlab_record_open", title,
                       [&](Output& out, std::string& why) { return out.openFile(path, why); });
}

satlab_recorder* satlab_record_connect(const char* host, int port, const char* title) {
  return startRecorder("satlab_record_connect", title, [&](Output& out, std::string& why) {
    return out.connectLocal(host, port == 0 ? SATLAB_RECORD_DEFAULT_PORT : port, why);
  });
}

int satlab_record_set_engine(satlab_recorder* r, const char* engine) {
  Call call(r, "satlab_record_set_engine");
  if (!call.usable() || headerWritten(call)) return call.status();
  return call.guarded([&] {
    const std::string why = textProblem(view(engine), "engine");
    if (!why.empty()) return call.fail(SATLAB_RECORD_BAD_ARGUMENT, why);
    r->engine.clear();
    if (engine && *engine) appendString(r->engine, engine);
    return int(SATLAB_RECORD_OK);
  });
}

int satlab_record_set_tolerance(satlab_recorder* r, float metres) {
  Call call(r, "satlab_record_set_tolerance");
  if (!call.usable() || headerWritten(call)) return call.status();
  return call.guarded([&] {
    const std::string why = lengthProblem(metres, "tolerance");
    if (!why.empty()) return call.fail(SATLAB_RECORD_BAD_ARGUMENT, why);
    r->hasTolerance = true;
    r->tolerance = metres;
    return int(SATLAB_RECORD_OK);
  });
}

int satlab_record_expect(satlab_recorder* r, const char* a, const char* b, int overlap, float max_depth) {
  Call call(r, "satlab_record_expect");
  if (!call.usable() || headerWritten(call)) return call.status();
  return call.guarded([&] {
    if (!validName(call, a, "a") || !validName(call, b, "b")) return call.status();
    if (std::string_view(a) == b) {
      return call.fail(SATLAB_RECORD_BAD_ARGUMENT, "a and b are the same shape " + quoted(a));
    }
    if (std::isnan(max_depth) || std::isinf(max_depth)) {
      return call.fail(SATLAB_RECORD_BAD_ARGUMENT, "max_depth is not finite");
    }
    std::string item = "{\"a\": ";
    appendString(item, a);
    item += ", \"b\": ";
    appendString(item, b);
    item += overlap ? ", \"overlap\": true" : ", \"overlap\": false";
    if (max_depth >= 0.0f) {
      item += ", \"max_depth\": ";
      appendFloat(item, max_depth);
    }
    item += '}';
    if (headerBytes(*r) + item.size() > kMaxLineBytes) {
      return call.fail(SATLAB_RECORD_LIMIT, "the header would be longer than 16 MiB, the longest line satlab reads");
    }
    if (!r->expect.empty()) r->expect += ", ";
    r->expect += item;
    return int(SATLAB_RECORD_OK);
  });
}

int satlab_record_set_reports_contacts(satlab_recorder* r, int on) {
  Call call(r, "satlab_record_set_reports_contacts");
  if (!call.usable()) return call.status();
  if (r->inFrame) return call.fail(SATLAB_RECORD_OUT_OF_ORDER, "inside a frame: set it before begin_frame");
  r->reportsContacts = on != 0;
  return SATLAB_RECORD_OK;
}

int satlab_record_begin_frame(satlab_recorder* r, int64_t number, double time) {
  Call call(r, "satlab_record_begin_frame");
  if (!call.usable()) return call.status();
  return call.guarded([&] {
    if (r->inFrame) {
      return call.fail(SATLAB_RECORD_OUT_OF_ORDER,
                       "frame " + std::to_string(r->lastNumber) + " is still open (end_frame first)");
    }
    if (number < 0 || number > kMaxFrameNumber) {
      return call.fail(SATLAB_RECORD_BAD_ARGUMENT, "frame number " + std::to_string(number) + " is outside 0 to 2^53");
    }
    if (!std::isfinite(time)) return call.fail(SATLAB_RECORD_BAD_ARGUMENT, "time is not finite");
    if (r->started && number <= r->lastNumber) {
      return call.fail(SATLAB_RECORD_BAD_ARGUMENT, "frame numbers must increase (got " + std::to_string(number) +
                                                       " after " + std::to_string(r->lastNumber) + ")");
    }
    if (r->started && time < r->lastTime) {
      std::string t, last;
      appendSeconds(t, time);
      appendSeconds(last, r->lastTime);
      return call.fail(SATLAB_RECORD_BAD_ARGUMENT, "time must not go back (got " + t + " after " + last + ")");
    }
    if (!r->started && writeHeader(call) != SATLAB_RECORD_OK) return call.status();
    r->inFrame = true;
    r->lastNumber = number;
    r->lastTime = time;
    r->shapes.clear();
    r->contacts.clear();
    r->shapeCount = 0;
    r->frameNames.clear();
    r->framePairs.clear();
    return int(SATLAB_RECORD_OK);
  });
}

int satlab_record_contact(satlab_recorder* r, const char* a, const char* b, int touching, float value,
                          const float normal[3], const float* points, size_t count) {
  Call call(r, "satlab_record_contact");
  if (!call.usable()) return call.status();
  return call.guarded([&] {
    if (!r->inFrame) return call.fail(SATLAB_RECORD_OUT_OF_ORDER, "outside a frame (begin_frame first)");
    if (!validName(call, a, "a") || !validName(call, b, "b")) return call.status();
    for (const char* n : {a, b}) {
      if (!r->frameNames.count(n) && !r->staticNames.count(n)) {
        return call.fail(SATLAB_RECORD_BAD_ARGUMENT,
                         "no shape " + quoted(n) + " in this frame or the static list (record the shapes first)");
      }
    }
    const std::string_view sa(a), sb(b);
    if (sa == sb) return call.fail(SATLAB_RECORD_BAD_ARGUMENT, "a and b are the same shape " + quoted(a));
    std::string pair(sa < sb ? sa : sb);
    pair += '\0';
    pair += sa < sb ? sb : sa;
    if (r->framePairs.count(pair)) {
      return call.fail(SATLAB_RECORD_BAD_ARGUMENT,
                       "the pair " + quoted(a) + ", " + quoted(b) + " already has a contact in this frame");
    }
    std::string why = lengthProblem(value, touching ? "depth" : "distance");
    if (why.empty()) why = unitProblem(normal, "normal");
    if (why.empty() && count > SATLAB_RECORD_MAX_CONTACT_POINTS) {
      return call.fail(SATLAB_RECORD_LIMIT, std::to_string(count) + " points (at most 16)");
    }
    if (why.empty()) why = pointsProblem(points, count, "points");
    if (!why.empty()) return call.fail(SATLAB_RECORD_BAD_ARGUMENT, why);

    std::string item = "{\"a\": ";
    appendString(item, sa);
    item += ", \"b\": ";
    appendString(item, sb);
    item += touching ? ", \"touching\": true, \"depth\": " : ", \"touching\": false, \"distance\": ";
    appendFloat(item, value);
    item += ", \"normal\": ";
    appendVec3(item, normal);
    item += ", \"points\": [";
    for (std::size_t i = 0; i < count; ++i) {
      if (i) item += ", ";
      appendVec3(item, points + 3 * i);
    }
    item += "]}";
    if (r->shapes.size() + r->contacts.size() + item.size() + 256 > kMaxLineBytes) {
      return call.fail(SATLAB_RECORD_LIMIT, "the frame would be longer than 16 MiB, the longest line satlab reads");
    }
    if (!r->contacts.empty()) r->contacts += ", ";
    r->contacts += item;
    r->framePairs.insert(std::move(pair));
    return int(SATLAB_RECORD_OK);
  });
}

int satlab_record_end_frame(satlab_recorder* r) {
  Call call(r, "satlab_record_end_frame");
  if (!call.usable()) return call.status();
  if (!r->inFrame) return call.fail(SATLAB_RECORD_OUT_OF_ORDER, "no frame is open (begin_frame first)");
  return call.guarded([&] { return endFrame(call); });
}

int satlab_record_finish(satlab_recorder* r) {
  Call call(r, "satlab_record_finish");
  if (!r) return SATLAB_RECORD_BAD_ARGUMENT;
  if (r->finished) return r->ioFailed ? SATLAB_RECORD_IO : SATLAB_RECORD_OK;
  if (call.usable()) {
    call.guarded([&] {
      if (r->inFrame) return endFrame(call);
      if (!r->started) return writeHeader(call);
      return int(SATLAB_RECORD_OK);
    });
  }
  std::string why;
  if (!r->out.close(why)) call.broke(why);
  r->finished = true;
  return r->ioFailed ? SATLAB_RECORD_IO : SATLAB_RECORD_OK;
}

int satlab_record_close(satlab_recorder* r) {
  if (!r) return SATLAB_RECORD_OK;
  const int status = satlab_record_finish(r);
  delete r;
  return status;
}

const char* satlab_record_error(const satlab_recorder* r) {
  return r ? r->error.c_str() : "no recorder (satlab_record_open ran out of memory)";
}

int satlab_record_last_status(const satlab_recorder* r) { return r ? r->lastStatus : SATLAB_RECORD_BAD_ARGUMENT; }

}  // extern "C"

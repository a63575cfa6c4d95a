// A live recording (record.h, satlab_record_connect): the same bytes as the file, streamed
// to a server on 127.0.0.1; a server that goes away is an error, never a crash or a
// SIGPIPE.
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "record_test_util.hpp"
#include "satlab/record.h"
#include "satlab/record.hpp"

namespace satlab::test {
namespace {

/// Three frames of a falling ball over a static floor, with a contact in the last.
void recordFall(Recorder& rec) {
  rec.setEngine("Test 1.0");
  rec.aabb({"floor"}, {0, 0, -0.01f}, {4, 4, 0.01f});
  for (int frame = 0; frame < 3; ++frame) {
    rec.beginFrame(frame, frame / 20.0);
    const float z = 1.0f - 0.45f * float(frame);
    rec.sphere({"ball", "", 0.04f}, {0, 0, z}, 0.1f);
    if (frame == 2) {
      const float point[] = {0, 0, 0};
      rec.contact("ball", "floor", true, 0.1f - z, {0, 0, -1}, point, 1);
    }
    rec.endFrame();
  }
}

TEST(RecordLive, TheStreamIsTheFileByteForByte) {
  RecordDir dir;
  const std::string path = dir.file("fall.jsonl");
  {
    Recorder rec(path, "A ball falls");
    recordFall(rec);
    ASSERT_TRUE(rec.close()) << rec.error();
  }
  Server server;
  std::string streamed;
  std::thread reader([&] { streamed = readAll(server.accept()); });
  {
    Recorder rec = Recorder::live(server.port(), "A ball falls");
    ASSERT_TRUE(rec.ok()) << rec.error();
    recordFall(rec);
    EXPECT_TRUE(rec.close()) << rec.error();  // the connection's end is the recording's end
  }
  reader.join();
  EXPECT_EQ(streamed, fileText(path));
  EXPECT_EQ(streamed.substr(0, 44), "{\"recording\": 2, \"title\": \"A ball falls\", \"e");
}

// The C API with an explicit host: "127.0.0.1" and "localhost" are this machine.
TEST(RecordLive, ConnectByHostName) {
  for (const char* host : {"127.0.0.1", "localhost"}) {
    Server server;
    std::string streamed;
    std::thread reader([&] { streamed = readAll(server.accept()); });
    satlab_recorder* r = satlab_record_connect(host, server.port(), "named");
    EXPECT_STREQ(satlab_record_error(r), "");
    EXPECT_EQ(satlab_record_close(r), SATLAB_RECORD_OK);
    reader.join();
    EXPECT_EQ(streamed, "{\"recording\": 2, \"title\": \"named\"}\n");
  }
}

// Only this machine: any other address is refused before anything is sent.
TEST(RecordLive, OtherHostsAreRefused) {
  for (const char* host : {"10.0.0.1", "example.com", "::1", ""}) {
    satlab_recorder* r = satlab_record_connect(host, 47410, "far");
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(std::string(satlab_record_error(r)),
              std::string("satlab_record_connect: host '") + host + "' refused: a recording goes to 127.0.0.1 only");
    EXPECT_EQ(satlab_record_begin_frame(r, 0, 0.0), SATLAB_RECORD_IO);
    EXPECT_EQ(satlab_record_close(r), SATLAB_RECORD_IO);
  }
  satlab_recorder* r = satlab_record_connect(nullptr, 70000, "port");
  EXPECT_EQ(std::string(satlab_record_error(r)), "satlab_record_connect: port 70000 is not 1 to 65535");
  EXPECT_EQ(satlab_record_close(r), SATLAB_RECORD_IO);
}

// Nothing listens: the connection is refused, and the recorder says so.
TEST(RecordLive, NobodyListening) {
  int port = 0;
  {
    Server gone;
    port = gone.port();
  }
  satlab_recorder* r = satlab_record_connect(nullptr, port, "nobody");
  EXPECT_EQ(std::string(satlab_record_error(r)),
            "satlab_record_connect: cannot connect to satlab at 127.0.0.1:" + std::to_string(port) +
                ": Connection refused (is satlab listening for a live "
                "recording?)");
  EXPECT_EQ(satlab_record_close(r), SATLAB_RECORD_IO);
}

// satlab closes the connection mid-recording: a later frame's write fails with an error
// that stays; the process is not killed by SIGPIPE (the test would end here if it were).
TEST(RecordLive, AClosedServerIsAnErrorNotACrash) {
  Server server;
  satlab_recorder* r = satlab_record_connect(nullptr, server.port(), "cut");
  ASSERT_STREQ(satlab_record_error(r), "");
  ::close(server.accept());
  server.closeListener();
  const satlab_shape_info ball{"ball", nullptr, 0.0f, nullptr};
  const float center[] = {0, 0, 0};
  int status = SATLAB_RECORD_OK;
  int frame = 0;
  // The first writes after the close may still be taken by the system; the peer's reset
  // comes back at once on this machine.
  for (; frame < 1000 && status == SATLAB_RECORD_OK; ++frame) {
    status = satlab_record_begin_frame(r, frame, 0.0);
    if (status == SATLAB_RECORD_OK) satlab_record_sphere(r, &ball, center, 1.0f);
    if (status == SATLAB_RECORD_OK) status = satlab_record_end_frame(r);
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  EXPECT_EQ(status, SATLAB_RECORD_IO);
  EXPECT_LT(frame, 1000);
  const std::string error = satlab_record_error(r);
  EXPECT_NE(error.find("satlab closed the connection at 127.0.0.1:" + std::to_string(server.port())), std::string::npos)
      << error;
  EXPECT_EQ(satlab_record_begin_frame(r, 5000, 0.0), SATLAB_RECORD_IO);
  EXPECT_EQ(satlab_record_close(r), SATLAB_RECORD_IO);
}

}  // namespace
}  // namespace satlab::test
